import { alpha, type MantineTheme, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { useMemo } from 'react';

/** The colours a canvas chart draws with, taken from the Mantine theme for the current scheme. */
export interface ChartColors {
  line: string;
  barFill: string;
  areaFill: string;
  previous: string;
  axis: string;
  grid: string;
  font: string;
}

/**
 * The axis and grid colours of one scheme, as the app's theme works them out for its surfaces (axis labels
 * readable on the card, gridlines faint on it). Canvas cannot read CSS variables, so the theme carries them
 * in `theme.other.chart`.
 */
export interface ChartSchemeColors {
  axis: string;
  grid: string;
}

function schemeChartColors(theme: MantineTheme, scheme: 'light' | 'dark'): ChartSchemeColors | undefined {
  const chart = (theme.other as { chart?: Partial<Record<'light' | 'dark', ChartSchemeColors>> }).chart;
  return chart?.[scheme];
}

/**
 * Quiet colours: the primary colour for the series, the theme's dimmed text for axes and a faint
 * border colour for the grid; the previous period in a lighter tint of the same colour. Canvas cannot
 * read CSS variables, so they are resolved here, and change with the scheme.
 */
export function useChartColors(): ChartColors {
  const theme = useMantineTheme();
  const scheme = useComputedColorScheme('light');
  return useMemo(() => {
    const dark = scheme === 'dark';
    const palette = theme.colors[theme.primaryColor] ?? theme.colors.green;
    const shade = typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade[scheme];
    const line = palette?.[shade] ?? '#2f9e44';
    const own = schemeChartColors(theme, scheme);
    return {
      line,
      barFill: alpha(line, dark ? 0.55 : 0.7),
      areaFill: alpha(line, dark ? 0.22 : 0.14),
      previous: alpha(dark ? (palette?.[3] ?? line) : (palette?.[4] ?? line), dark ? 0.7 : 0.85),
      axis: own?.axis ?? (dark ? theme.colors.dark[2] : theme.colors.gray[7]),
      grid: own?.grid ?? (dark ? alpha(theme.colors.dark[3], 0.35) : theme.colors.gray[2]),
      font: `12px ${theme.fontFamily ?? 'sans-serif'}`,
    };
  }, [theme, scheme]);
}
