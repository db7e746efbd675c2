import { LOGIN_PATH } from './api-client';

/** docs/domain.md#hierarchy: group and client shortcodes are 12 URL-safe characters. */
export const SHORTCODE = /^[A-Za-z0-9_-]{12}$/;

export interface Shortcodes {
  groupShortcode: string;
  clientShortcode: string;
}

/** The group and client shortcodes a path starts with (`/:group/:client[/liveperformance]`), if any. */
export function shortcodesOf(pathname: string): Shortcodes | null {
  const [groupShortcode = '', clientShortcode = ''] = pathname.split('/').filter(Boolean);
  return SHORTCODE.test(groupShortcode) && SHORTCODE.test(clientShortcode) ? { groupShortcode, clientShortcode } : null;
}

/**
 * Where sign-in returns to: the `next` query value when it is a path of this site (never `//host` or a
 * full URL, so a crafted link cannot send a user elsewhere after they sign in).
 */
export function nextPath(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  return next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : null;
}

/**
 * The sign-in path for someone on `path`: from a client's shortcode link it keeps the link (`?next=`), so
 * sign-in wears that client's theme and returns there; from anywhere else it is plain sign-in.
 */
export const loginPathFrom = (path: string) =>
  shortcodesOf(path.split('?')[0] ?? '') ? `${LOGIN_PATH}?next=${encodeURIComponent(path)}` : LOGIN_PATH;
