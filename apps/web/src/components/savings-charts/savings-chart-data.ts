import type { SavingsDay } from '@greenpod/contracts';
import type { AlignedColumns } from '../chart/align-series';

/** A day (yyyy-MM-dd) as the chart's x: its UTC midnight in seconds; the charts read x in UTC. */
export const dayX = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

/** The chart's x axis zone: days are calendar days, so read in UTC they never shift. */
export const CHART_ZONE = 'UTC';

/** Expected against actual: x, the band's low and high, expected, actual (uPlot columns). */
export function bandColumns(days: readonly SavingsDay[]): AlignedColumns {
  return [
    days.map((d) => dayX(d.date)),
    days.map((d) => d.low),
    days.map((d) => d.high),
    days.map((d) => d.expected),
    days.map((d) => d.actual),
  ];
}

/** The running sum of savings (CUSUM): x and one column. */
export function cusumColumns(days: readonly SavingsDay[]): AlignedColumns {
  return [days.map((d) => dayX(d.date)), days.map((d) => d.cusum)];
}

/** The x axis span: the first day's start to the last day's end. */
export function dayRange(days: readonly SavingsDay[]): [number, number] | undefined {
  const first = days[0];
  const last = days[days.length - 1];
  return first && last ? [dayX(first.date), dayX(last.date) + 86_400] : undefined;
}

export const BAND_LABELS = ['Expected, low (90 %)', 'Expected, high (90 %)', 'Expected', 'Actual'] as const;
