import { DEFAULT_THEME, type Theme } from '@greenpod/contracts';
import {
  type AlertProps,
  type ColorPickerProps,
  type CSSVariablesResolver,
  createTheme,
  isLightColor,
  DEFAULT_THEME as MANTINE_DEFAULTS,
  type MantineColorsTuple,
  type MantineThemeOverride,
  type NotificationProps,
} from '@mantine/core';
import type { ChartSchemeColors } from '../../components/chart/chart-colors';
import { FONT_FAMILY, tintedDark } from './base-palette';
import { mix, parseHex } from './contrast';
import { type AccentRoles, type Scheme, type SchemeColors, schemeColors } from './scheme-colors';

/** Ten shades around `base`, which sits at index 6: the shade filled buttons use in both schemes. */
export function tenShades(base: string): MantineColorsTuple {
  const color = parseHex(base) ? base : '#868e96';
  const lighter = [0.92, 0.8, 0.64, 0.48, 0.32, 0.16].map((t) => mix(color, '#ffffff', t));
  const darker = [0.14, 0.28, 0.42].map((t) => mix(color, '#000000', t));
  // mix(…, 0) only normalises the base (#abc -> #aabbcc) so every shade has one format.
  return [...lighter, mix(color, '#000000', 0), ...darker] as unknown as MantineColorsTuple;
}

/** Where Mantine's autoContrast switches a filled colour's label from white to black (relative luminance). */
const LUMINANCE_THRESHOLD = 0.179;

/**
 * The label Mantine's autoContrast puts on a filled colour (a primary or secondary button): black on a light
 * fill, white on a dark one, by Mantine's own test. At this threshold both reach about 4.6:1, so a filled
 * colour is kept as chosen and only its label is picked.
 */
export function filledLabel(fill: string): string {
  return isLightColor(tenShades(fill)[6], LUMINANCE_THRESHOLD) ? MANTINE_DEFAULTS.black : MANTINE_DEFAULTS.white;
}

/** Mantine palette names fed by the configuration: the state colours take over green and yellow. */
const ACCENTS = {
  primary: 'primary',
  secondary: 'secondary',
  success: 'green',
  warning: 'yellow',
  error: 'red',
} as const;

function accentVariables(name: string, roles: AccentRoles): Record<string, string> {
  return {
    [`--mantine-color-${name}-text`]: roles.text,
    [`--mantine-color-${name}-light`]: roles.lightBg,
    [`--mantine-color-${name}-light-hover`]: roles.lightHover,
    [`--mantine-color-${name}-light-color`]: roles.lightColor,
    [`--mantine-color-${name}-outline`]: roles.text,
  };
}

export function schemeVariables(c: SchemeColors): Record<string, string> {
  const vars: Record<string, string> = {
    '--gp-color-page': c.page,
    '--gp-color-dropdown': c.dropdown,
    '--gp-color-sunken': c.sunken,
    '--mantine-color-body': c.surface,
    '--mantine-color-text': c.text,
    '--mantine-color-bright': c.text,
    '--mantine-color-dimmed': c.dimmed,
    '--mantine-color-placeholder': c.dimmed,
    '--mantine-color-anchor': c.primary.text,
    '--mantine-color-error': c.error.text,
    '--mantine-color-success': c.success.text,
    '--mantine-color-default': c.defaultBg,
    '--mantine-color-default-hover': c.defaultHover,
    '--mantine-color-default-color': c.defaultColor,
    '--mantine-color-default-border': c.border,
  };
  for (const [role, name] of Object.entries(ACCENTS)) {
    Object.assign(vars, accentVariables(name, c[role as keyof typeof ACCENTS]));
  }
  return vars;
}

const dropdownStyles = { dropdown: { background: 'var(--gp-color-dropdown)' } };

/** The Mantine theme and CSS variables of a configuration (docs/domain.md#themes). */
export function buildMantineTheme(config: Theme): {
  theme: MantineThemeOverride;
  resolver: CSSVariablesResolver;
} {
  const light = schemeColors(config, 'light');
  const dark = schemeColors(config, 'dark');
  const theme = createTheme({
    colors: {
      dark: tintedDark(dark.surface) as unknown as MantineColorsTuple,
      primary: tenShades(config.primaryActionColor),
      secondary: tenShades(config.secondaryActionColor),
      green: tenShades(config.successColor),
      yellow: tenShades(config.warningColor),
    },
    primaryColor: 'primary',
    primaryShade: { light: 6, dark: 6 },
    // Black or white text on a filled colour, whichever passes 4.5:1: at this luminance both do.
    autoContrast: true,
    other: {
      chart: {
        light: { axis: light.dimmed, grid: light.grid },
        dark: { axis: dark.dimmed, grid: dark.grid },
      } satisfies Record<Scheme, ChartSchemeColors>,
    },
    luminanceThreshold: LUMINANCE_THRESHOLD,
    defaultRadius: 'md',
    fontFamily: FONT_FAMILY,
    // Plain objects, not `Popover.extend(...)`: extend would bring each component's code into the first load,
    // the sign-in page's included (docs/performance.md#the-first-paint).
    components: {
      AppShell: { styles: { main: { background: 'var(--gp-color-page)' } } },
      Popover: { styles: dropdownStyles },
      Menu: { styles: dropdownStyles },
      Combobox: { styles: dropdownStyles },
      // A colour input's picker (the configuration form) draws sliders that are unnamed otherwise (axe).
      ColorPicker: {
        defaultProps: {
          saturationLabel: 'Saturation and brightness',
          hueLabel: 'Hue',
          alphaLabel: 'Alpha',
        } satisfies Partial<ColorPickerProps>,
      },
      // Mantine's close buttons carry only an icon: every alert and toast gets a name here, once, so a
      // live notification that arrives mid-page is never an unnamed button (axe: button-name).
      Alert: { defaultProps: { closeButtonLabel: 'Dismiss' } satisfies Partial<AlertProps> },
      Notification: {
        defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } satisfies Partial<NotificationProps>,
      },
    },
  });
  const resolver: CSSVariablesResolver = () => ({
    variables: {},
    light: schemeVariables(light),
    dark: schemeVariables(dark),
  });
  return { theme, resolver };
}

/** Greenpod's own theme: before a configuration loads, and in component tests. */
export const { theme, resolver: defaultResolver } = buildMantineTheme(DEFAULT_THEME);
