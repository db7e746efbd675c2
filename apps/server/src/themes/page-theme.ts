import { DEFAULT_THEME, type PageTheme } from '@greenpod/contracts';
import type { Queryable } from '../db/database';
import { clientTheme } from './theme-queries';

/** A client's link (docs/screens.md#routes): `/<group shortcode>/<client shortcode>`, or its live performance. */
const CLIENT_LINK = /^\/([\w-]{12})\/([\w-]{12})(?:\/liveperformance)?$/;

/** The shortcodes of the client a page URL is for: its own path, or on sign-in the page it returns to. */
function clientOf(url: string): [string, string] | null {
  const { pathname, searchParams } = new URL(url, 'http://page');
  const next = searchParams.get('next');
  const match =
    CLIENT_LINK.exec(pathname) ?? (next?.startsWith('/') ? CLIENT_LINK.exec(next.split('?')[0] ?? '') : null);
  return match?.[1] && match[2] ? [match[1], match[2]] : null;
}

/**
 * The theme the SPA shell of `url` carries (docs/performance.md#the-first-paint): a client's link's, which is
 * public (GET /api/configuration/:group/:client answers it to anyone), so the page paints in it before any
 * request. Null for every other page and for shortcodes of no client.
 */
export async function pageThemeOf(db: Queryable, url: string): Promise<PageTheme | null> {
  const client = clientOf(url);
  if (!client) return null;
  const [groupShortcode, clientShortcode] = client;
  const theme = await clientTheme(db, groupShortcode, clientShortcode);
  return theme === undefined ? null : { groupShortcode, clientShortcode, theme: theme ?? DEFAULT_THEME };
}
