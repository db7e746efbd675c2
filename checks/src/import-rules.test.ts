// The repository's import rules, checked on every `npm test`. They live in a workspace of their own rather than
// in packages/contracts: this test reads the whole tree with node:fs and the TypeScript parser, and contracts is
// shipped to the browser and must stay free of Node types and of any knowledge of the apps.
import { describe, expect, it } from 'vitest';
import { FOLDER_SCOPES, folderCycles, folderOf, SERVER_FOLDERS, WEB_FOLDERS } from './folder-cycles';
import { ruleViolations } from './import-rules';
import { readImports, readWorkspaces, resolveSpecifier, type SourceImport, sourceFiles } from './source-imports';

const workspaces = readWorkspaces();
const imports = readImports();

describe('the repository', () => {
  it('is scanned whole: every workspace has sources and every own import resolves to one', () => {
    const files = sourceFiles();
    for (const { dir } of workspaces)
      expect(
        files.some((f) => f.startsWith(`${dir}/`)),
        dir,
      ).toBe(true);
    const own = imports.filter(
      (i) => /^(\.|@greenpod\/)/.test(i.specifier) && !/\.(css|svg|png|json)$/.test(i.specifier),
    );
    const unresolved = own.filter((i) => !files.includes(i.target)).map((i) => `${i.file}:${i.line} '${i.specifier}'`);
    expect(unresolved).toEqual([]);
  });

  it('imports one way only', () => {
    const found = [
      ...ruleViolations(imports, workspaces),
      ...FOLDER_SCOPES.flatMap((scope) => folderCycles(imports, scope)),
    ];
    expect(found, `${found.length} import problem(s):\n${found.join('\n')}\n`).toEqual([]);
  });
});

const imp = (file: string, specifier: string, target: string): SourceImport => ({ file, line: 1, specifier, target });
// An import as the scanner would see it: the specifier resolved the same way, files or not.
const at = (file: string, specifier: string) =>
  imp(file, specifier, resolveSpecifier(file, specifier, new Set(), workspaces));

describe('each rule', () => {
  it.each([
    ['contracts stand alone', 'packages/contracts/src/a.ts', '@greenpod/server/bench'],
    ['contracts stand alone', 'packages/contracts/src/a.ts', '../../../bench/src/x'],
    ['web shared code below features', 'apps/web/src/lib/a.ts', '../features/auth/x'],
    ['web shared code below features', 'apps/web/src/components/form/a.tsx', '../../features/admin/x'],
    ['web features apart', 'apps/web/src/features/pages/a.tsx', '../dashboard/x'],
    ['test code stays in tests', 'apps/server/src/dashboard/a.ts', '../test/factory'],
    ['test code stays in tests', 'apps/web/src/lib/a.ts', '../test/render'],
    ['workspaces by package name', 'bench/src/a.ts', '../../apps/server/src/db/migrate'],
    ['workspaces by package name', 'e2e/src/a.ts', '../../apps/server/src/config'],
  ])('%s: refuses %s importing %s', (rule, file, specifier) => {
    expect(ruleViolations([at(file, specifier)], workspaces).join('\n')).toContain(`: ${rule} (`);
  });

  it.each([
    ['apps/server/src/a.ts', '@greenpod/contracts'],
    ['apps/web/src/features/admin/a.tsx', './b'],
    ['apps/web/src/features/admin/a.tsx', '../../components/x'],
    ['apps/web/src/app/routes.tsx', '../features/auth/x'],
    ['apps/server/src/crud/a.test.ts', '../test/factory'],
    ['apps/web/src/features/auth/a.test.tsx', '../../test/render'],
    ['apps/server/src/test/a.ts', './factory'],
    ['bench/src/a.ts', '@greenpod/server/bench'],
  ])('allows %s importing %s', (file, specifier) => {
    expect(ruleViolations([at(file, specifier)], workspaces)).toEqual([]);
  });
});

describe('folder cycles', () => {
  const server = SERVER_FOLDERS;
  const s = (path: string) => `apps/server/src/${path}`;

  it('counts a top-level file as its own folder and cuts deeper paths at the scope depth', () => {
    expect(folderOf(s('app.ts'), SERVER_FOLDERS)).toBe('app.ts');
    expect(folderOf(s('auth/caller.ts'), SERVER_FOLDERS)).toBe('auth');
    expect(folderOf('apps/web/src/features/admin/x/y.tsx', WEB_FOLDERS)).toBe('features/admin');
    expect(folderOf('apps/web/src/components/placeholder-page.tsx', WEB_FOLDERS)).toBe('components');
  });

  it('reports folders that import each other, directly or through a third, with the imports involved', () => {
    const direct = [
      imp(s('auth/caller.ts'), '../http/errors', s('http/errors.ts')),
      imp(s('http/routes.ts'), '../auth/caller', s('auth/caller.ts')),
    ];
    const [cycle] = folderCycles(direct, server);
    expect(cycle).toContain('auth, http');
    expect(cycle).toContain("apps/server/src/http/routes.ts:1 imports '../auth/caller'");
    const through = [
      imp(s('a/x.ts'), '../b/x', s('b/x.ts')),
      imp(s('b/x.ts'), '../c/x', s('c/x.ts')),
      imp(s('c/x.ts'), '../a/x', s('a/x.ts')),
    ];
    expect(folderCycles(through, server)).toHaveLength(1);
  });

  it('leaves test files out and accepts imports that go one way', () => {
    const oneWay = [
      imp(s('auth/caller.ts'), '../http/errors', s('http/errors.ts')),
      imp(s('http/errors.test.ts'), '../auth/caller', s('auth/caller.ts')),
    ];
    expect(folderCycles(oneWay, server)).toEqual([]);
  });
});
