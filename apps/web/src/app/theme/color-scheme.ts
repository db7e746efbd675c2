/** Light, dark or the system's (Settings), kept in this browser by Mantine's manager under the app's own prefix. */
export const COLOR_SCHEME_KEY = 'greenpod_colorScheme';

/**
 * The scheme a page shows for the stored choice, as Mantine resolves it: 'auto' (or none) follows the system,
 * which is asked only then (a media query costs the boot script time before the first paint).
 */
export function resolveColorScheme(stored: string | null, systemDark: () => boolean): 'light' | 'dark' {
  if (stored === 'light' || stored === 'dark') return stored;
  return systemDark() ? 'dark' : 'light';
}
