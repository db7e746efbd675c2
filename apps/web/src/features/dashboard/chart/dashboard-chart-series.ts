import { type GraphData, parseWireTime } from '@greenpod/contracts';
import { type AlignedColumns, alignSeries, type Series, withGaps } from '../../../components/chart/align-series';

/** The voltage behind electricity's power figure when the pod's is not known (docs/domain.md#consumption). */
export const DEFAULT_VOLTAGE = 230;

/**
 * What a reading shows as (docs/domain.md#consumption): electricity as power, 12 x reading x voltage
 * / 1000 kW (a reading is one 5-minute interval's charge); water flow as 12 x reading L/h; the others
 * as they are.
 */
export function shownValue(sensorType: string, value: number, voltage = DEFAULT_VOLTAGE): number {
  if (sensorType === 'ELECTRICITY') return (12 * value * voltage) / 1000;
  if (sensorType === 'WATER_FLOW') return 12 * value;
  return value;
}

/** Decimals a shown value keeps: electricity 2 (as on the cards); the others 2 at most, being means. */
export function formatShown(sensorType: string, value: number, locale?: string): string {
  const fixed = sensorType === 'ELECTRICITY' ? 2 : 0;
  return new Intl.NumberFormat(locale, { minimumFractionDigits: fixed, maximumFractionDigits: 2 }).format(value);
}

/** One sensor's points as seconds and shown values, each instant moved by `shift` (the previous period). */
export function toSeries(
  data: GraphData | undefined,
  sensorType: string,
  shift: (ms: number) => number = (ms) => ms,
): Series {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [value, start] of data?.[sensorType] ?? []) {
    const at = parseWireTime(start);
    if (!at) continue;
    xs.push(Math.round(shift(at.getTime()) / 1000));
    ys.push(shownValue(sensorType, value));
  }
  return { xs, ys };
}

export interface ChartModel {
  /** x (seconds), the shown period's values, the previous period's (all undefined when not asked). */
  columns: AlignedColumns;
  empty: boolean;
}

/** The chart's columns: both periods on one axis, a gap wherever buckets are missing. */
export function chartModel(
  sensorType: string,
  current: GraphData | undefined,
  previous: GraphData | undefined,
  shift: ((ms: number) => number) | undefined,
): ChartModel {
  const now = toSeries(current, sensorType);
  const before = previous && shift ? toSeries(previous, sensorType, shift) : { xs: [], ys: [] };
  return { columns: alignSeries([withGaps(now), withGaps(before)]), empty: now.xs.length === 0 };
}
