import type { Queryable } from '../db/database';
import { datesBetween } from './savings-periods';

/** One hour's rollup: the sum of its readings, how many (12 a full hour), and their maximum. */
export interface HourRow {
  sum: number;
  count?: number;
  max?: number;
}

/**
 * Test data for savings: writes `measurement_hourly` rows straight (no raw readings, so a year takes a moment) for
 * each UTC hour of the days from `first` to `last`; `row(date, hour, index)` null leaves the hour out.
 */
export async function writeHourly(
  db: Queryable,
  podId: number,
  sensorType: string,
  first: string,
  last: string,
  row: (date: string, hour: number, index: number) => HourRow | null,
) {
  const buckets: string[] = [];
  const counts: number[] = [];
  const sums: number[] = [];
  const maxes: number[] = [];
  datesBetween(first, last).forEach((date, index) => {
    for (let hour = 0; hour < 24; hour++) {
      const r = row(date, hour, index);
      if (!r) continue;
      const count = r.count ?? 12;
      buckets.push(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
      counts.push(count);
      sums.push(r.sum);
      maxes.push(r.max ?? r.sum / count);
    }
  });
  for (let i = 0; i < buckets.length; i += 5000) {
    const slice = <T extends string | number>(xs: T[]) => xs.slice(i, i + 5000);
    await db.query(
      `INSERT INTO measurement_hourly (pod_id, sensor_type, bucket, count, sum, min, max)
       SELECT $1, $2, b, c, s, 0, m FROM unnest($3::timestamptz[], $4::int[], $5::float8[], $6::float8[]) AS u(b, c, s, m)
       ON CONFLICT DO NOTHING`,
      [podId, sensorType, slice(buckets), slice(counts), slice(sums), slice(maxes)],
    );
  }
}

/** A repeatable pseudo-random number in [-1, 1) for a day index and a seed. */
export const jitter = (index: number, seed = 1) => {
  const x = Math.sin((index + 1) * 12.9898 + seed * 78.233) * 43758.5453;
  return 2 * (x - Math.floor(x)) - 1;
};
