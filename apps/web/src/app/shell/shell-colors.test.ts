import { DEFAULT_THEME } from '@greenpod/contracts';
import { DEFAULT_THEME as MANTINE_DEFAULTS } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { MANTINE_GRAY_3 } from '../theme/base-palette';
import { buildMantineTheme } from '../theme/mantine-theme';
import { shellColors } from './shell-colors';

const NAVY = {
  ...DEFAULT_THEME,
  backgroundColor: '#0f1b2d',
  foregroundColor: '#18293f',
  primaryActionColor: '#d4a24c',
  primaryTextColor: '#f4efe6',
  secondaryTextColor: '#a9b6c8',
};

describe('the static first view', () => {
  it.each([
    ['default', DEFAULT_THEME],
    ['navy', NAVY],
  ])('paints in the %s theme the colours the app paints', (_, config) => {
    const { theme, resolver } = buildMantineTheme(config);
    const variables = resolver({ ...MANTINE_DEFAULTS, ...theme } as typeof MANTINE_DEFAULTS);
    for (const scheme of ['light', 'dark'] as const) {
      const app = variables[scheme];
      expect(shellColors(config, scheme)).toEqual({
        page: app['--gp-color-page'],
        surface: app['--mantine-color-body'],
        line: scheme === 'dark' ? theme.colors?.dark?.[4] : MANTINE_DEFAULTS.colors.gray[3],
        brand: app['--mantine-color-primary-text'],
        icon: app['--mantine-color-primary-light-color'],
        dimmed: app['--mantine-color-dimmed'],
      });
    }
  });

  it("keeps Mantine's own light line colour", () => {
    expect(MANTINE_GRAY_3).toBe(MANTINE_DEFAULTS.colors.gray[3]);
  });
});
