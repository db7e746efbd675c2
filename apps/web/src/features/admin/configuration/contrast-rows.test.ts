import { DEFAULT_THEME, type Theme } from '@greenpod/contracts';
import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio, isDark } from '../../../app/theme/contrast';
import { schemeColors } from '../../../app/theme/scheme-colors';
import { type ContrastRow, contrastRows, ratioText } from './contrast-rows';

const GREY_TEXT: Theme = { ...DEFAULT_THEME, backgroundColor: '#ffffff', primaryTextColor: '#9a9a9a' };
const NAVY: Theme = {
  ...DEFAULT_THEME,
  backgroundColor: '#0f1b2d',
  foregroundColor: '#18293f',
  primaryActionColor: '#d4a24c',
  secondaryActionColor: '#3c6e9f',
  dropdownColor: '#22364f',
  primaryTextColor: '#f4efe6',
  secondaryTextColor: '#a9b6c8',
};
const PALE_ACTIONS: Theme = { ...DEFAULT_THEME, primaryActionColor: '#ffe066', warningColor: '#ffd43b' };

const row = (rows: ContrastRow[], key: string) => {
  const found = rows.find((r) => r.key === key);
  if (!found) throw new Error(`no row ${key}`);
  return found;
};

describe('contrastRows', () => {
  it('shows grey text on white failing as chosen, and the darker colour the app uses instead, passing', () => {
    const r = row(contrastRows(GREY_TEXT, 'light'), 'text-background');
    expect(r.chosen).toMatchObject({ color: '#9a9a9a', on: '#ffffff', passes: false });
    expect(r.chosen.ratio).toBeCloseTo(2.81, 2);
    expect(r.adjusted).toBe(true);
    expect(r.used.on).toBe('#ffffff');
    expect(r.used.color).toBe(schemeColors(GREY_TEXT, 'light').text);
    expect(r.used.ratio).toBeGreaterThanOrEqual(AA_TEXT);
    expect(r.used.passes).toBe(true);
    expect(contrastRatio(r.used.color, '#000000')).toBeLessThan(contrastRatio('#9a9a9a', '#000000'));
  });

  it('keeps a readable light theme as chosen in the light scheme: nothing adjusted, everything passing', () => {
    const rows = contrastRows(DEFAULT_THEME, 'light');
    for (const r of rows.filter((x) => x.key.startsWith('text-') || x.key.startsWith('dimmed-'))) {
      expect(r.adjusted, r.key).toBe(false);
      expect(r.chosen.passes, r.key).toBe(true);
    }
    expect(row(rows, 'text-foreground').used).toEqual(row(rows, 'text-foreground').chosen);
  });

  it('reports the surfaces the dark scheme derives from a light theme as adjusted', () => {
    const r = row(contrastRows(DEFAULT_THEME, 'dark'), 'text-background');
    expect(r.adjusted).toBe(true);
    expect(isDark(r.used.on)).toBe(true);
    expect(r.used.passes).toBe(true);
  });

  it.each([
    ['a pale primary', PALE_ACTIONS, 'label-primary', '#000000'],
    ['a dark primary', NAVY, 'label-secondary', '#ffffff'],
    ['the default primary', DEFAULT_THEME, 'label-primary', '#000000'],
  ] as const)('puts the label Mantine picks on %s button, the fill as chosen', (_, theme, key, label) => {
    const r = row(contrastRows(theme, 'light'), key);
    expect(r.used.color).toBe(label);
    expect(r.used.on).toBe(r.chosen.on);
    expect(r.adjusted).toBe(false);
    expect(r.used.passes).toBe(true);
  });

  it('moves a pale warning used as text until it reads, and says so', () => {
    const r = row(contrastRows(PALE_ACTIONS, 'light'), 'warning-foreground');
    expect(r.chosen.passes).toBe(false);
    expect(r.adjusted).toBe(true);
    expect(r.used.passes).toBe(true);
  });

  it.each([
    ['default', DEFAULT_THEME],
    ['grey text', GREY_TEXT],
    ['navy', NAVY],
    ['pale actions', PALE_ACTIONS],
  ] as const)('%s: every pair the app shows passes AA, light and dark', (_, theme) => {
    for (const scheme of ['light', 'dark'] as const) {
      for (const r of contrastRows(theme, scheme)) {
        expect(r.used.passes, `${scheme} ${r.key} ${r.used.color} on ${r.used.on}`).toBe(true);
        expect(r.used.ratio).toBeGreaterThanOrEqual(r.target);
      }
    }
  });

  it('gives no ratio for a colour still being typed, and the app its fallback', () => {
    const r = row(contrastRows({ ...DEFAULT_THEME, primaryTextColor: '#12' }, 'light'), 'text-foreground');
    expect(r.chosen).toMatchObject({ color: '#12', ratio: null, passes: false });
    expect(r.used.passes).toBe(true);
  });
});

describe('ratioText', () => {
  it.each([
    [21, '21.00:1'],
    [4.5, '4.50:1'],
    [4.4999, '4.49:1'],
    [2.8127, '2.81:1'],
  ])('%d reads %s', (ratio, text) => {
    expect(ratioText(ratio)).toBe(text);
  });
});
