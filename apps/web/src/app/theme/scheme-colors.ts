import type { Theme } from '@greenpod/contracts';
import { AA_LARGE, AA_TEXT, ensureContrast, isDark, mix, parseHex } from './contrast';

export type Scheme = 'light' | 'dark';

/** How one accent colour appears: filled (as chosen), as text, and as a light tint with text on it. */
export interface AccentRoles {
  filled: string;
  text: string;
  lightBg: string;
  lightHover: string;
  lightColor: string;
  /** Borders and icons: large-text contrast (3:1) against the surfaces. */
  line: string;
}

export interface SchemeColors {
  page: string;
  surface: string;
  dropdown: string;
  text: string;
  dimmed: string;
  border: string;
  /** A default (outlined) button: its fill, its hovered fill and its label, readable on both fills. */
  defaultBg: string;
  defaultHover: string;
  defaultColor: string;
  primary: AccentRoles;
  secondary: AccentRoles;
  success: AccentRoles;
  warning: AccentRoles;
  error: AccentRoles;
}

/** Mantine's own red: a configuration has no error colour, but error text must be readable too. */
const ERROR_BASE = '#fa5252';
const safe = (value: string, fallback: string) => (parseHex(value) ? value : fallback);

function accent(base: string, surface: string, backgrounds: readonly string[]): AccentRoles {
  const lightBg = mix(surface, base, 0.14);
  const lightHover = mix(surface, base, 0.22);
  return {
    filled: base,
    text: ensureContrast(base, backgrounds, AA_TEXT),
    lightBg,
    lightHover,
    lightColor: ensureContrast(base, [lightHover, lightBg, surface], AA_TEXT),
    line: ensureContrast(base, backgrounds, AA_LARGE),
  };
}

/**
 * The colours a scheme shows, every text colour checked against every surface it sits on. The light scheme
 * is the configuration as chosen; the dark one keeps a theme that is dark already and otherwise moves the
 * surfaces to near-black tinted with its background, and the text towards white.
 */
export function schemeColors(theme: Theme, scheme: Scheme): SchemeColors {
  const bg = safe(theme.backgroundColor, '#ffffff');
  const fg = safe(theme.foregroundColor, '#ffffff');
  const dd = safe(theme.dropdownColor, fg);
  const derive = scheme === 'dark' && !isDark(bg);
  const page = derive ? mix(bg, '#101113', 0.92) : bg;
  const surface = derive ? mix(bg, '#1d1e21', 0.88) : fg;
  const dropdown = derive ? mix(dd, '#25262b', 0.88) : dd;
  const backgrounds = [surface, page, dropdown];
  const lighten = (c: string, amount: number) => (derive && isDark(c) ? mix(c, '#ffffff', amount) : c);

  const text = ensureContrast(lighten(safe(theme.primaryTextColor, '#000000'), 0.88), backgrounds, AA_TEXT);
  const dimmed = ensureContrast(lighten(safe(theme.secondaryTextColor, '#666666'), 0.6), backgrounds, AA_TEXT);
  const color = (value: string, fallback: string) => accent(safe(value, fallback), surface, backgrounds);
  const secondary = color(theme.secondaryActionColor, '#1c7ed6');
  const defaultBg = scheme === 'dark' ? mix(surface, '#ffffff', 0.04) : surface;
  const defaultHover = mix(surface, text, 0.06);
  return {
    page,
    surface,
    dropdown,
    text,
    dimmed,
    border: mix(surface, text, 0.22),
    defaultBg,
    defaultHover,
    defaultColor: ensureContrast(secondary.text, [defaultBg, defaultHover, ...backgrounds], AA_TEXT),
    primary: color(theme.primaryActionColor, '#2f9e44'),
    secondary,
    success: color(theme.successColor, '#37b24d'),
    warning: color(theme.warningColor, '#f59f00'),
    error: color(ERROR_BASE, ERROR_BASE),
  };
}
