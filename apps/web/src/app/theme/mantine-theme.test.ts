import { DEFAULT_THEME, THEME_FIELDS, type Theme } from '@greenpod/contracts';
import { defaultVariantColorsResolver, DEFAULT_THEME as MANTINE_DEFAULTS, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { AA_LARGE, AA_TEXT, contrastRatio, isDark, parseHex } from './contrast';
import { buildMantineTheme, filledLabel, tenShades } from './mantine-theme';
import { type Scheme, schemeColors } from './scheme-colors';

// The two demo clients' themes (one dark, one light) and deliberately unreadable ones.
const NIGHT: Theme = {
  ...DEFAULT_THEME,
  backgroundColor: '#0f1b2d',
  foregroundColor: '#18293f',
  primaryActionColor: '#d4a24c',
  secondaryActionColor: '#3c6e9f',
  dropdownColor: '#22364f',
  primaryTextColor: '#f4efe6',
  secondaryTextColor: '#a9b6c8',
};
const PALE: Theme = {
  ...DEFAULT_THEME,
  primaryTextColor: '#dddddd',
  secondaryTextColor: '#eeeeee',
  primaryActionColor: '#ffe066',
};
const INVISIBLE: Theme = { ...DEFAULT_THEME, primaryTextColor: '#f4f7f2', secondaryTextColor: '#ffffff' };
const BROKEN: Theme = { ...DEFAULT_THEME, backgroundColor: 'nonsense', primaryTextColor: '#12' };

const SCHEMES: Scheme[] = ['light', 'dark'];

describe('schemeColors', () => {
  it.each([
    ['default', DEFAULT_THEME],
    ['night', NIGHT],
    ['pale', PALE],
    ['invisible', INVISIBLE],
    ['broken', BROKEN],
  ] as const)('%s theme: every text reaches AA on every surface, light and dark', (_, theme) => {
    for (const scheme of SCHEMES) {
      const c = schemeColors(theme, scheme);
      for (const bg of [c.page, c.surface, c.dropdown, c.sunken]) {
        expect(contrastRatio(c.text, bg)).toBeGreaterThanOrEqual(AA_TEXT);
        expect(contrastRatio(c.dimmed, bg)).toBeGreaterThanOrEqual(AA_TEXT);
        for (const accent of [c.primary, c.secondary, c.success, c.warning, c.error]) {
          expect(contrastRatio(accent.text, bg)).toBeGreaterThanOrEqual(AA_TEXT);
          expect(contrastRatio(accent.line, bg)).toBeGreaterThanOrEqual(AA_LARGE);
        }
      }
      for (const accent of [c.primary, c.secondary, c.success, c.warning, c.error]) {
        expect(contrastRatio(accent.lightColor, accent.lightBg)).toBeGreaterThanOrEqual(AA_TEXT);
        expect(contrastRatio(accent.lightColor, accent.lightHover)).toBeGreaterThanOrEqual(AA_TEXT);
      }
      // A default button's label sits on the button's own fill, hovered or not (axe caught #71a7d8 on #3d3e40).
      for (const bg of [c.defaultBg, c.defaultHover]) {
        expect(contrastRatio(c.defaultColor, bg)).toBeGreaterThanOrEqual(AA_TEXT);
      }
    }
  });

  // Mantine paints its own parts (white cards, grey hovers and icons, the chart's greys) for light surfaces in
  // the light scheme and dark ones in the dark: a navy theme kept navy in the light scheme put its cream text
  // on white cards (axe: 39 contrast failures on a client's link).
  it.each([
    ['default', DEFAULT_THEME],
    ['night', NIGHT],
    ['pale', PALE],
    ['broken', BROKEN],
  ] as const)('%s theme: every surface and the gridlines are of the scheme, light or dark', (_, theme) => {
    for (const scheme of SCHEMES) {
      const c = schemeColors(theme, scheme);
      for (const surface of [c.page, c.surface, c.dropdown, c.sunken, c.grid]) {
        expect(isDark(surface), `${scheme} ${surface}`).toBe(scheme === 'dark');
      }
      // Gridlines stay faint: closer to the card than to its text.
      expect(contrastRatio(c.grid, c.surface)).toBeLessThan(contrastRatio(c.grid, c.text));
    }
  });

  it('keeps a readable theme as chosen in the light scheme', () => {
    const c = schemeColors(DEFAULT_THEME, 'light');
    expect([c.page, c.surface, c.text, c.dimmed]).toEqual(['#f4f7f2', '#ffffff', '#1b2b1e', '#5c6b5f']);
  });

  it('gives a light theme dark surfaces in the dark scheme, and keeps a dark theme dark', () => {
    const derived = schemeColors(DEFAULT_THEME, 'dark');
    expect(isDark(derived.page) && isDark(derived.surface) && !isDark(derived.text)).toBe(true);
    const night = schemeColors(NIGHT, 'dark');
    expect([night.page, night.surface, night.dropdown, night.text, night.dimmed]).toEqual([
      '#0f1b2d',
      '#18293f',
      '#22364f',
      '#f4efe6',
      '#a9b6c8',
    ]);
  });

  it('gives a dark theme light surfaces tinted with its own colours in the light scheme, and dark text', () => {
    const c = schemeColors(NIGHT, 'light');
    expect(isDark(c.page) || isDark(c.surface) || isDark(c.dropdown)).toBe(false);
    // Tinted, not plain white: the navy shows through as a blue cast.
    const [r, , b] = parseHex(c.page) ?? [0, 0, 0];
    expect(b).toBeGreaterThan(r);
    expect(isDark(c.text) && isDark(c.dimmed)).toBe(true);
    // The cream text moved across, not to black: it keeps a warm cast.
    const [tr, , tb] = parseHex(c.text) ?? [0, 0, 0];
    expect(tr).toBeGreaterThan(tb);
  });
});

describe('buildMantineTheme', () => {
  it('feeds the primary, secondary and state palettes from the configuration, the filled shade as chosen', () => {
    const { theme } = buildMantineTheme(NIGHT);
    expect(theme.primaryColor).toBe('primary');
    expect(theme.colors?.primary?.[6]).toBe('#d4a24c');
    expect(theme.colors?.secondary?.[6]).toBe('#3c6e9f');
    expect(theme.colors?.green?.[6]).toBe(NIGHT.successColor);
    expect(theme.colors?.yellow?.[6]).toBe(NIGHT.warningColor);
    expect(theme.autoContrast).toBe(true);
  });

  it('sets surfaces, text, dropdown and accent text variables per scheme from all nine colours', () => {
    const { theme, resolver } = buildMantineTheme(NIGHT);
    const vars = resolver(theme as never);
    expect(vars.dark['--mantine-color-body']).toBe('#18293f');
    expect(vars.dark['--gp-color-page']).toBe('#0f1b2d');
    expect(vars.dark['--gp-color-dropdown']).toBe('#22364f');
    expect(vars.dark['--mantine-color-text']).toBe('#f4efe6');
    expect(vars.dark['--mantine-color-dimmed']).toBe('#a9b6c8');
    expect(vars.dark['--gp-color-sunken']).toBeDefined();
    expect(vars.light['--mantine-color-default-color']).toBeDefined();
    expect(vars.light['--mantine-color-anchor']).toBeDefined();
    // Each of the nine colours reaches the variables or the palettes.
    const all = JSON.stringify([vars, theme.colors]);
    for (const field of THEME_FIELDS) expect(all).toContain(NIGHT[field]);
  });

  it("hands the chart each scheme's axis and grid colours, readable and faint on that scheme's cards", () => {
    const { theme } = buildMantineTheme(NIGHT);
    const chart = (theme.other as { chart: Record<Scheme, { axis: string; grid: string }> }).chart;
    for (const scheme of SCHEMES) {
      const c = schemeColors(NIGHT, scheme);
      expect(chart[scheme]).toEqual({ axis: c.dimmed, grid: c.grid });
      expect(contrastRatio(chart[scheme].axis, c.surface)).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });
});

describe('tenShades', () => {
  it('runs from light to dark with the base at 6', () => {
    const shades = tenShades('#2f9e44');
    expect(shades).toHaveLength(10);
    expect(shades[6]).toBe('#2f9e44');
    for (let i = 1; i < 10; i++) {
      expect(contrastRatio(shades[i] as string, '#ffffff')).toBeGreaterThan(
        contrastRatio(shades[i - 1] as string, '#ffffff'),
      );
    }
  });
});

describe('filledLabel', () => {
  // The configuration editor's contrast table names this label: it must be the one Mantine draws.
  it.each(['#2f9e44', '#ffe066', '#1c7ed6', '#3c6e9f', '#777777', '#767676', '#f59f00', '#d4a24c', 'nonsense'])(
    'on %s is the label of a filled primary button',
    (fill) => {
      const theme = mergeMantineTheme(
        MANTINE_DEFAULTS,
        buildMantineTheme({ ...DEFAULT_THEME, primaryActionColor: fill }).theme,
      );
      const { color } = defaultVariantColorsResolver({ color: 'primary', theme, variant: 'filled' });
      expect(color).toBe(
        filledLabel(fill) === MANTINE_DEFAULTS.black ? 'var(--mantine-color-black)' : 'var(--mantine-color-white)',
      );
      expect(contrastRatio(filledLabel(fill), tenShades(fill)[6])).toBeGreaterThanOrEqual(AA_TEXT);
    },
  );
});
