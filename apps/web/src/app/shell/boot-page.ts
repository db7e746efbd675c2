// What the boot script (boot.ts) does, apart from it so that tests can run it.
import { DEFAULT_THEME } from '@greenpod/contracts';
import { TOKEN_KEY, USER_KEY } from '../../lib/session-keys';
import { brandLogo } from '../layouts/brand-logo';
import { COLOR_SCHEME_KEY, resolveColorScheme } from '../theme/color-scheme';
import { knownTheme } from '../theme/known-theme';
import { themeSource } from '../theme/theme-source';
import { DASHBOARD_PATH } from './dashboard-path';
import { shellColors, shellVariables } from './shell-colors';
import { SHELL_ATTRIBUTE } from './static-view';

function roleIdOf(user: string | null): number | null {
  try {
    const roleId: unknown = JSON.parse(user ?? 'null')?.roleId;
    return typeof roleId === 'number' ? roleId : null;
  } catch {
    return null;
  }
}

/** Runs once, from the boot script; `systemDark` tells the system's scheme (what 'auto' follows). */
export function bootPage(systemDark: () => boolean): void {
  const html = document.documentElement;
  const scheme = resolveColorScheme(localStorage.getItem(COLOR_SCHEME_KEY), systemDark);
  html.setAttribute('data-mantine-color-scheme', scheme);
  if (!localStorage.getItem(TOKEN_KEY) || !DASHBOARD_PATH.test(window.location.pathname)) return;

  const source = themeSource(
    window.location.pathname,
    window.location.search,
    roleIdOf(localStorage.getItem(USER_KEY)),
  );
  const theme = knownTheme(source)?.theme ?? DEFAULT_THEME;
  // Properties set through the CSSOM, which the policy's style-src does not govern (unlike a style attribute).
  for (const [name, value] of Object.entries(shellVariables(shellColors(theme, scheme))))
    html.style.setProperty(name, value);
  const logo = brandLogo(theme, scheme);
  const brand = document.getElementById('greenpod-shell-brand');
  if (logo && brand) {
    const img = document.createElement('img');
    img.src = logo;
    img.alt = '';
    brand.replaceChildren(img);
  }
  const year = document.getElementById('greenpod-shell-year');
  if (year) year.textContent = String(new Date().getFullYear());
  html.setAttribute(SHELL_ATTRIBUTE, '');
}
