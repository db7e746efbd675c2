import type { Theme } from '@greenpod/contracts';
import { FONT_FAMILY, MANTINE_GRAY_3, tintedDark } from '../theme/base-palette';
import { type Scheme, schemeColors } from '../theme/scheme-colors';

/** The colours of the app's first view that index.html's static copy paints (its header, page and intro). */
export interface ShellColors {
  page: string;
  surface: string;
  /** The header's and footer's borders, and the title's skeleton. */
  line: string;
  brand: string;
  icon: string;
  dimmed: string;
}

/** As the app computes them for the theme (mantine-theme.ts), so the swap to the app changes no colour. */
export function shellColors(theme: Theme, scheme: Scheme): ShellColors {
  const c = schemeColors(theme, scheme);
  return {
    page: c.page,
    surface: c.surface,
    line: scheme === 'dark' ? (tintedDark(c.surface)[4] ?? c.border) : MANTINE_GRAY_3,
    brand: c.primary.text,
    icon: c.primary.lightColor,
    dimmed: c.dimmed,
  };
}

/** The custom properties shell.css reads. */
export const shellVariables = (colors: ShellColors): Record<string, string> => ({
  ...Object.fromEntries(Object.entries(colors).map(([name, value]) => [`--greenpod-shell-${name}`, value])),
  '--greenpod-shell-font': FONT_FAMILY,
});
