import uPlot from 'uplot';
import type { ChartKind } from './chart-types';

/** The value axis writes at most two decimals ("1.16"). */
export const VALUE_DECIMALS = 2;

export const formatTick = new Intl.NumberFormat(undefined, { maximumFractionDigits: VALUE_DECIMALS }).format;

/**
 * The steps the value axis may put between ticks: 1, 2 and 5 (and 2.5 where it still fits two decimals) times a
 * power of ten, none finer than the axis writes. uPlot's own go down to 0.0001, so a small range (1.15 to 1.16)
 * drew ticks at 0.0025 that all read "1.16, 1.16, 1.15, 1.15".
 */
export const VALUE_INCRS: number[] = Array.from({ length: 16 }, (_, i) => 10 ** (i - VALUE_DECIMALS)).flatMap((p) =>
  (p >= 0.1 ? [1, 2, 2.5, 5] : [1, 2, 5]).map((m) => Number((m * p).toFixed(VALUE_DECIMALS))),
);

const PADDED: uPlot.Range.Config = {
  min: { pad: 0.1, soft: 0, mode: 3 },
  max: { pad: 0.1, soft: 0, mode: 3 },
};

/**
 * The value axis's span. A bar's length is its value, so bars stand on zero: an axis starting at the lowest bar
 * (1.04 to 1.16 kW) made a 5 % difference look fivefold. An area follows its data, padded.
 */
export function valueRange(kind: ChartKind, min: number | null, max: number | null): uPlot.Range.MinMax {
  if (min === null || max === null || !Number.isFinite(min) || !Number.isFinite(max)) return [min, max];
  if (kind === 'area') return uPlot.rangeNum(min, max, PADDED);
  const [lo, hi] = uPlot.rangeNum(Math.min(0, min), Math.max(0, max), PADDED);
  return [min >= 0 ? 0 : lo, max <= 0 ? 0 : hi];
}
