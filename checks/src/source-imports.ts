import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import ts from 'typescript';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** One import specifier of one source file; paths are relative to the repository root, with `/`. */
export interface SourceImport {
  file: string;
  line: number;
  specifier: string;
  /** The file it resolves to, or the bare specifier of a third-party package or a non-code asset. */
  target: string;
}

/** A workspace as its package.json declares it. */
export interface Workspace {
  dir: string;
  name: string;
  /** Subpath ('.', './testing') -> file inside the workspace. */
  exports: Record<string, string>;
}

// Installed or built code, run-time data, test output and hidden folders (git's, .test-data) are not source.
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage']);
const SKIPPED_PATHS = new Set(['data', 'e2e/artifacts']);
const SOURCE = /\.tsx?$/;
const CANDIDATE_SUFFIXES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** Every .ts and .tsx file of the repository, as a path from its root. */
export function sourceFiles(root = REPO_ROOT, dir = ''): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name) || SKIPPED_PATHS.has(path)) return [];
    if (entry.isDirectory()) return sourceFiles(root, path);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

export function readWorkspaces(root = REPO_ROOT): Workspace[] {
  const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
  return rootPackage.workspaces.map((dir) => {
    const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as {
      name: string;
      main?: string;
      exports?: Record<string, string>;
    };
    const exports = pkg.exports ?? (pkg.main ? { '.': pkg.main } : {});
    return {
      dir,
      name: pkg.name,
      exports: Object.fromEntries(Object.entries(exports).map(([k, v]) => [k, posix.join(dir, v)])),
    };
  });
}

/** Every import, re-export and dynamic import() of every source file, resolved where it is the repository's own. */
export function readImports(root = REPO_ROOT): SourceImport[] {
  const files = sourceFiles(root);
  const known = new Set(files);
  const workspaces = readWorkspaces(root);
  return files.flatMap((file) => {
    const text = readFileSync(join(root, file), 'utf8');
    // TypeScript's own import scanner: static imports, `export ... from`, import() and require().
    return ts.preProcessFile(text, true, true).importedFiles.map(({ fileName, pos }) => ({
      file,
      line: text.slice(0, pos).split('\n').length,
      specifier: fileName,
      target: resolveSpecifier(file, fileName, known, workspaces),
    }));
  });
}

/** Where a specifier points: a relative path or a workspace package's export, as a source file where one matches. */
export function resolveSpecifier(file: string, specifier: string, known: Set<string>, workspaces: Workspace[]) {
  let path: string | undefined;
  if (specifier.startsWith('.')) path = posix.join(posix.dirname(file), specifier);
  else {
    const workspace = workspaces.find((w) => specifier === w.name || specifier.startsWith(`${w.name}/`));
    const subpath = workspace && `.${specifier.slice(workspace.name.length)}`;
    // A subpath the package does not export still counts as that workspace's, so the rules see where it points.
    if (workspace && subpath) path = workspace.exports[subpath] ?? posix.join(workspace.dir, subpath);
  }
  if (path === undefined) return specifier;
  const base = path;
  return CANDIDATE_SUFFIXES.map((suffix) => base + suffix).find((p) => known.has(p)) ?? path;
}

/** The workspace folder a repository path lies in, or '' for the root. */
export function workspaceOf(path: string, workspaces: Workspace[]): string {
  return workspaces.find((w) => path.startsWith(`${w.dir}/`))?.dir ?? '';
}
