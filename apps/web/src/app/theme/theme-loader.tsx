import { DEFAULT_THEME, THEME_FIELDS, type Theme } from '@greenpod/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { apiRequest } from '../../lib/api-client';
import { getActiveUser, useToken } from '../../lib/session';
import { themePath, themeSource } from './theme-source';
import { setThemeConfig } from './theme-store';

const DEFAULT_FAVICON = '/favicon.svg';

const isTheme = (value: unknown): value is Theme =>
  typeof value === 'object' &&
  value !== null &&
  THEME_FIELDS.every((f) => typeof (value as Record<string, unknown>)[f] === 'string');

/** Loads the theme this path calls for and hands it to the provider; renders nothing. */
export function ThemeLoader() {
  const { pathname, search } = useLocation();
  const token = useToken();
  const roleId = token ? (getActiveUser()?.roleId ?? null) : null;
  const source = themeSource(pathname, search, roleId);
  const path = themePath(source);
  const query = useQuery({
    queryKey: ['theme', path],
    queryFn: async ({ signal }) => {
      const { data } = await apiRequest<{ data: unknown }>(path, { signal });
      return isTheme(data) ? data : DEFAULT_THEME;
    },
    // The default theme ships with the app (contracts): no call for it.
    enabled: source.kind !== 'default',
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
