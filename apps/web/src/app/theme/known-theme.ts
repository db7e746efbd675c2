import { DEFAULT_THEME, PAGE_THEME_ELEMENT_ID, type PageTheme, THEME_FIELDS, type Theme } from '@greenpod/contracts';
import { type ThemeSource, themePath } from './theme-source';

export const isTheme = (value: unknown): value is Theme =>
  typeof value === 'object' &&
  value !== null &&
  THEME_FIELDS.every((f) => typeof (value as Record<string, unknown>)[f] === 'string');

/** The client's theme the server put in this page of its link (apps/server web-app.ts), if any. */
export function pageTheme(doc: Document = document): PageTheme | null {
  const text = doc.getElementById(PAGE_THEME_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<PageTheme>;
    return isTheme(value.theme) && typeof value.groupShortcode === 'string' && typeof value.clientShortcode === 'string'
      ? (value as PageTheme)
      : null;
  } catch {
    return null;
  }
}

// The themes this browser last wore, by endpoint: a role's theme is known before its request on the next visit.
const CACHE_KEY = 'greenpod_themes';
const CACHE_SIZE = 8;

function readCache(): Record<string, Theme> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(CACHE_KEY) ?? '{}');
    if (typeof value !== 'object' || value === null) return {};
    return Object.fromEntries(Object.entries(value).filter(([, theme]) => isTheme(theme)));
  } catch {
    // A hand-edited value or storage that is off: nothing known.
    return {};
  }
}

/** Kept for the next visit, the most recent last; the oldest go past CACHE_SIZE. */
export function rememberTheme(source: ThemeSource, theme: Theme): void {
  if (source.kind === 'default') return;
  const path = themePath(source);
  const cache = readCache();
  delete cache[path];
  cache[path] = theme;
  try {
    localStorage.setItem(CACHE_KEY, JSON.stringify(Object.fromEntries(Object.entries(cache).slice(-CACHE_SIZE))));
  } catch {
    // Storage full or off: the next visit asks again, as before.
  }
}

/**
 * What a source's theme is known to be before any request (docs/performance.md#the-first-paint): the default's
 * always, a client's from the page of its link, else the one this browser wore last time. `fresh` is false
 * for a remembered one, which the app asks for again.
 */
export function knownTheme(source: ThemeSource, doc: Document = document): { theme: Theme; fresh: boolean } | null {
  if (source.kind === 'default') return { theme: DEFAULT_THEME, fresh: true };
  const page = pageTheme(doc);
  if (
    source.kind === 'client' &&
    page?.groupShortcode === source.groupShortcode &&
    page.clientShortcode === source.clientShortcode
  )
    return { theme: page.theme, fresh: true };
  const remembered = readCache()[themePath(source)];
  return remembered ? { theme: remembered, fresh: false } : null;
}
