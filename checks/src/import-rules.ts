import type { SourceImport, Workspace } from './source-imports';
import { workspaceOf } from './source-imports';

/** One rule about which file may import which; `breaks` says whether an import goes against it. */
export interface ImportRule {
  name: string;
  why: string;
  breaks(imp: SourceImport, workspaces: Workspace[]): boolean;
}

const WEB = 'apps/web/src/';
const webFeature = (path: string) => (path.startsWith(`${WEB}features/`) ? path.split('/')[4] : undefined);
const inTestFolder = (path: string) => path.split('/').slice(0, -1).includes('test');
/** Test files may use test helpers; everything else must not depend on them. */
export const isTestFile = (path: string) => /\.test\.tsx?$/.test(path);

export const IMPORT_RULES: ImportRule[] = [
  {
    name: 'contracts stand alone',
    why: 'packages/contracts is shared by every side and imports nothing from the apps, e2e or bench',
    breaks: ({ file, target }) => file.startsWith('packages/contracts/') && /^(apps|e2e|bench)\//.test(target),
  },
  {
    name: 'web shared code below features',
    why: 'lib/ and components/ are shared by the features, so they cannot depend on one',
    breaks: ({ file, target }) =>
      (file.startsWith(`${WEB}lib/`) || file.startsWith(`${WEB}components/`)) && webFeature(target) !== undefined,
  },
  {
    name: 'web features apart',
    why: 'a feature does not import another feature; what two share moves to components/ or lib/',
    breaks: ({ file, target }) => {
      const from = webFeature(file);
      const to = webFeature(target);
      return from !== undefined && to !== undefined && from !== to;
    },
  },
  {
    name: 'test code stays in tests',
    why: 'only test files and other test/ helpers import from a test/ folder',
    breaks: ({ file, target }) => inTestFolder(target) && !inTestFolder(file) && !isTestFile(file),
  },
  {
    name: 'workspaces by package name',
    why: 'another workspace is imported through its package name and declared exports, never by relative path',
    breaks: ({ file, specifier, target }, workspaces) =>
      specifier.startsWith('.') && workspaceOf(target, workspaces) !== workspaceOf(file, workspaces),
  },
];

/** Every import that breaks a rule, one readable line each. */
export function ruleViolations(imports: SourceImport[], workspaces: Workspace[]): string[] {
  return IMPORT_RULES.flatMap((rule) =>
    imports
      .filter((imp) => rule.breaks(imp, workspaces))
      .map((imp) => `${imp.file}:${imp.line} imports '${imp.specifier}': ${rule.name} (${rule.why})`),
  );
}
