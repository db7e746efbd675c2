import { nextPath, shortcodesOf } from '../../lib/shortcodes';

export type ThemeSource =
  | { kind: 'client'; groupShortcode: string; clientShortcode: string }
  | { kind: 'role'; roleId: number }
  | { kind: 'default' };

/**
 * Which theme a screen wears (docs/domain.md#themes): a client's when the path (or, on sign-in, the
 * page it returns to) starts with its shortcodes, else the signed-in user's role's, else the default.
 */
export function themeSource(pathname: string, search: string, roleId: number | null): ThemeSource {
  const next = nextPath(search);
  const codes = shortcodesOf(pathname) ?? (next ? shortcodesOf(next.split('?')[0] ?? '') : null);
  if (codes) return { kind: 'client', ...codes };
  if (roleId !== null) return { kind: 'role', roleId };
  return { kind: 'default' };
}

/** The public or signed-in endpoint of a source (docs/api.md#themes). */
export function themePath(source: ThemeSource): string {
  if (source.kind === 'client') return `/configuration/${source.groupShortcode}/${source.clientShortcode}`;
  if (source.kind === 'role') return `/configuration/role/${source.roleId}`;
  return '/configuration/default';
}
