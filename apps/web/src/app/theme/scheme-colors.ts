import type { Theme } from '@greenpod/contracts';
import { AA_LARGE, AA_TEXT, contrastRatio, ensureContrast, isDark, mix, parseHex } from './contrast';

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
  /** Insets on a card (the sensor tiles): a step off the surface, text checked on it too. */
  sunken: string;
  text: string;
  dimmed: string;
  border: string;
  /** Chart gridlines: faint, but of the scheme (never white on a dark surface). */
  grid: string;
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

/** Where a derived surface ends up in each scheme: near-white or near-black, tinted with the chosen colour. */
// Light cards sit a little brighter than the page, dark ones a little lighter than theirs.
const ANCHORS: Record<Scheme, Record<'page' | 'surface' | 'dropdown', [anchor: string, amount: number]>> = {
  light: { page: ['#f4f5f7', 0.9], surface: ['#ffffff', 0.95], dropdown: ['#ffffff', 0.95] },
  dark: { page: ['#101113', 0.92], surface: ['#1d1e21', 0.88], dropdown: ['#25262b', 0.88] },
};

/**
 * A surface of the scheme's own lightness: kept as chosen when it already is (a light colour in the light
 * scheme, a dark one in the dark), otherwise moved most of the way to the scheme's anchor. Mantine draws
 * its own parts (card fills, hovers, greys) for a light surface in the light scheme and a dark one in the
 * dark, so a surface of the other lightness leaves them unreadable on it.
 */
function schemeSurface(color: string, scheme: Scheme, role: keyof (typeof ANCHORS)['light']): string {
  const [anchor, amount] = ANCHORS[scheme][role];
  return isDark(color) === (scheme === 'dark') ? color : mix(color, anchor, amount);
}

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
 * The colours a scheme shows, every text colour checked against every surface it sits on. Each surface
 * keeps the configuration's colour when that is of the scheme's lightness and is derived from it
 * otherwise (a navy theme gets navy-tinted near-white surfaces in the light scheme, a cream one
 * near-black in the dark); text of the surfaces' own lightness is first moved across, then nudged until it
 * reaches AA.
 */
export function schemeColors(theme: Theme, scheme: Scheme): SchemeColors {
  const fg = safe(theme.foregroundColor, '#ffffff');
  const page = schemeSurface(safe(theme.backgroundColor, '#ffffff'), scheme, 'page');
  const surface = schemeSurface(fg, scheme, 'surface');
  const dropdown = schemeSurface(safe(theme.dropdownColor, fg), scheme, 'dropdown');
  const sunken = mix(surface, '#000000', scheme === 'dark' ? 0.18 : 0.03);
  const backgrounds = [surface, page, dropdown, sunken];
  // Text that is hardly visible on the surfaces (cream on white) is a colour of the other scheme: moved
  // across first, so it keeps some of its hue rather than ending up black or white.
  const across = (c: string, amount: number) =>
    contrastRatio(c, surface) < AA_LARGE ? mix(c, scheme === 'dark' ? '#ffffff' : '#000000', amount) : c;

  const text = ensureContrast(across(safe(theme.primaryTextColor, '#000000'), 0.88), backgrounds, AA_TEXT);
  const dimmed = ensureContrast(across(safe(theme.secondaryTextColor, '#666666'), 0.6), backgrounds, AA_TEXT);
  const color = (value: string, fallback: string) => accent(safe(value, fallback), surface, backgrounds);
  const secondary = color(theme.secondaryActionColor, '#1c7ed6');
  const defaultBg = scheme === 'dark' ? mix(surface, '#ffffff', 0.04) : surface;
  const defaultHover = mix(surface, text, 0.06);
  return {
    page,
    surface,
    dropdown,
    sunken,
    text,
    dimmed,
    border: mix(surface, text, 0.22),
    grid: mix(surface, text, 0.12),
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
