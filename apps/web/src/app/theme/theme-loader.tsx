import { DEFAULT_THEME } from '@greenpod/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { apiRequest } from '../../lib/api-client';
import { getActiveUser, getToken, useToken } from '../../lib/session';
import { isTheme, knownTheme, rememberTheme } from './known-theme';
import { type ThemeSource, themePath, themeSource } from './theme-source';
import { setThemeConfig } from './theme-store';

const DEFAULT_FAVICON = '/favicon.svg';

const sourceOf = (pathname: string, search: string, token: string | null): ThemeSource =>
  themeSource(pathname, search, token ? (getActiveUser()?.roleId ?? null) : null);

/**
 * Before the first render: the theme this page is known to wear (the one its link carries, the one this browser
 * wore last), so the app's first paint is already in it, as the boot script's was (docs/performance.md#the-first-paint).
 */
export function primeTheme(pathname: string, search: string): void {
  const known = knownTheme(sourceOf(pathname, search, getToken()));
  if (known) setThemeConfig(known.theme);
}

/** Loads the theme this path calls for and hands it to the provider; renders nothing. */
export function ThemeLoader() {
  const { pathname, search } = useLocation();
  const token = useToken();
  const source = sourceOf(pathname, search, token);
  const path = themePath(source);
  const known = source.kind === 'default' ? null : knownTheme(source);
  const query = useQuery({
    queryKey: ['theme', path],
    queryFn: async ({ signal }) => {
      const { data } = await apiRequest<{ data: unknown }>(path, { signal });
      const theme = isTheme(data) ? data : DEFAULT_THEME;
      rememberTheme(source, theme);
      return theme;
    },
    // The default theme ships with the app (contracts): no call for it.
    enabled: source.kind !== 'default',
    // Known before the call: the page's own is current, one remembered from a past visit is asked for again.
    initialData: known?.theme,
    initialDataUpdatedAt: known?.fresh ? undefined : 0,
    staleTime: 10 * 60_000,
    retry: false,
  });
  // Unknown shortcodes (404) or a failed call: the default theme, never an unstyled page.
  const theme = source.kind === 'default' || query.isError ? DEFAULT_THEME : query.data;

  useEffect(() => {
    if (!theme) return;
    setThemeConfig(theme);
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (icon) {
      // The theme names its favicon by URL (docs/api.md#themes); anything else is no favicon.
      const favicon = typeof theme.favicon === 'string' && theme.favicon !== '' ? theme.favicon : null;
      icon.href = favicon ?? DEFAULT_FAVICON;
      // An uploaded favicon may be any image type; only the default is known to be SVG.
      if (favicon) icon.removeAttribute('type');
      else icon.type = 'image/svg+xml';
    }
  }, [theme]);
  return null;
}
