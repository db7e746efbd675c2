import { isTestFile } from './import-rules';
import type { SourceImport } from './source-imports';

/** A source tree whose folders, cut at `depth`, must import each other one way only. */
export interface FolderScope {
  src: string;
  depth: number;
}

// The server's folders are its areas (auth, http, dashboard); the web's areas sit one level lower
// (features/admin, components/form), so a feature is a folder of its own.
export const SERVER_FOLDERS: FolderScope = { src: 'apps/server/src', depth: 1 };
export const WEB_FOLDERS: FolderScope = { src: 'apps/web/src', depth: 2 };
export const FOLDER_SCOPES = [SERVER_FOLDERS, WEB_FOLDERS];

/** The folder a file counts for; a file at the top of the tree (app.ts, config.ts) is a node of its own. */
export function folderOf(path: string, scope: FolderScope): string | undefined {
  if (!path.startsWith(`${scope.src}/`)) return undefined;
  const parts = path.slice(scope.src.length + 1).split('/');
  if (parts.length === 1) return parts[0];
  return parts.slice(0, Math.min(scope.depth, parts.length - 1)).join('/');
}

/**
 * Every set of folders that import each other in a circle, with the imports that close it. Test files
 * are left out: a test reaches the whole app through its test/ helpers without being part of a layer.
 */
export function folderCycles(imports: SourceImport[], scope: FolderScope): string[] {
  const edges = new Map<string, Map<string, SourceImport[]>>();
  for (const imp of imports) {
    if (isTestFile(imp.file)) continue;
    const from = folderOf(imp.file, scope);
    const to = folderOf(imp.target, scope);
    if (from === undefined || to === undefined || from === to) continue;
    const out = edges.get(from) ?? new Map<string, SourceImport[]>();
    edges.set(from, out.set(to, [...(out.get(to) ?? []), imp]));
  }
  return stronglyConnected(edges)
    .filter((group) => group.length > 1)
    .map((group) => {
      const inside = new Set(group);
      const lines = group.flatMap((from) =>
        [...(edges.get(from) ?? [])]
          .filter(([to]) => inside.has(to))
          .flatMap(([to, imps]) =>
            imps.map((i) => `    ${from} -> ${to}: ${i.file}:${i.line} imports '${i.specifier}'`),
          ),
      );
      return [`folder cycle in ${scope.src}: ${group.sort().join(', ')}`, ...lines].join('\n');
    });
}

// Tarjan's algorithm: the strongly connected components of a directed graph.
function stronglyConnected(edges: Map<string, Map<string, unknown>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.size - 1);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    groups.push(group);
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return groups;
}
