/**
 * The three rollup levels, finest first: where each keeps its rows, how a time column maps to its
 * bucket (UTC hours, days, calendar months), where a bucket ends, and which table holds the rows
 * it sums. Everything that writes rollups builds its SQL from this list.
 */
export interface RollupLevel {
  name: 'hourly' | 'daily' | 'monthly';
  table: string;
  bucket: (column: string) => string;
  end: (bucket: string) => string;
  /** The next finer level's table and time column (raw readings for the hourly level). */
  finer: { table: string; time: string; min: string; max: string };
}

const ORIGIN = "'2000-01-01 00:00:00+00'";
export const ROLLUP_LEVELS: readonly RollupLevel[] = [
  {
    name: 'hourly',
    table: 'measurement_hourly',
    bucket: (c) => `date_bin('1 hour', ${c}, ${ORIGIN})`,
    end: (b) => `${b} + interval '1 hour'`,
    finer: { table: 'measurement', time: 'created', min: 'value', max: 'value' },
  },
  {
    name: 'daily',
    table: 'measurement_daily',
    bucket: (c) => `date_bin('1 day', ${c}, ${ORIGIN})`,
    end: (b) => `${b} + interval '24 hours'`,
    finer: { table: 'measurement_hourly', time: 'bucket', min: 'min', max: 'max' },
  },
  {
    name: 'monthly',
    table: 'measurement_monthly',
    bucket: (c) => `date_trunc('month', ${c}, 'UTC')`,
    // Month arithmetic on a timestamptz follows the session's zone: done on UTC wall time instead.
    end: (b) => `((${b} AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC'`,
    finer: { table: 'measurement_daily', time: 'bucket', min: 'min', max: 'max' },
  },
];

/** Each level's table by name. */
export const ROLLUP_TABLES = Object.fromEntries(ROLLUP_LEVELS.map((l) => [l.name, l.table])) as Record<RollupLevel['name'], string>;
