import { SENSOR_TYPES } from '@greenpod/contracts';

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

/** Each level by name. */
export const ROLLUP_LEVEL = Object.fromEntries(ROLLUP_LEVELS.map((l) => [l.name, l])) as Record<
  RollupLevel['name'],
  RollupLevel
>;
/** Each level's table by name. */
export const ROLLUP_TABLES = Object.fromEntries(ROLLUP_LEVELS.map((l) => [l.name, l.table])) as Record<
  RollupLevel['name'],
  string
>;

/**
 * Sums over each location's current pods (ADR 0014): one row per location and bucket, a count and a
 * sum column per sensor kind. `podRows(pod)` is the (sensor_type, bucket, count, sum) rows of a pod
 * (an SQL expression) that its location's rows hold: the pod rollup for hours and days, its raw
 * readings for 5 minutes.
 */
export interface LocationLevel {
  name: 'fiveMinutes' | 'hourly' | 'daily';
  table: string;
  ms: number;
  bucket: (column: string) => string;
  podRows: (pod: string) => string;
}

const fromPodRollup = (level: RollupLevel) => (pod: string) =>
  `SELECT sensor_type, bucket, count, sum FROM ${level.table} WHERE pod_id = ${pod}`;
const fiveMinutes = (c: string) => `date_bin('5 minutes', ${c}, ${ORIGIN})`;
export const LOCATION_LEVELS: readonly LocationLevel[] = [
  {
    name: 'fiveMinutes',
    table: 'measurement_location_5min',
    ms: 5 * 60_000,
    bucket: fiveMinutes,
    podRows: (pod) =>
      `SELECT sensor_type, ${fiveMinutes('created')} AS bucket, count(*) AS count, sum(value) AS sum FROM measurement WHERE pod_id = ${pod} GROUP BY 1, 2`,
  },
  {
    name: 'hourly',
    table: 'measurement_location_hourly',
    ms: 3_600_000,
    bucket: ROLLUP_LEVEL.hourly.bucket,
    podRows: fromPodRollup(ROLLUP_LEVEL.hourly),
  },
  {
    name: 'daily',
    table: 'measurement_location_daily',
    ms: 86_400_000,
    bucket: ROLLUP_LEVEL.daily.bucket,
    podRows: fromPodRollup(ROLLUP_LEVEL.daily),
  },
];
export const LOCATION_LEVEL = Object.fromEntries(LOCATION_LEVELS.map((l) => [l.name, l])) as Record<
  LocationLevel['name'],
  LocationLevel
>;

/** The count and sum columns of each sensor kind in a location row. */
export const TYPE_COLUMNS = SENSOR_TYPES.map((type) => ({
  type,
  n: `n_${type.toLowerCase()}`,
  s: `s_${type.toLowerCase()}`,
}));

/** Every table derived from raw readings, per pod and per location. */
export const DERIVED_TABLES = [...ROLLUP_LEVELS.map((l) => l.table), ...LOCATION_LEVELS.map((l) => l.table)];
