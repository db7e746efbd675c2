import { SENSOR_TYPES } from '@greenpod/contracts';

/**
 * The three per-pod rollup tables, finest first: where each keeps its rows, how a time column maps to its
 * bucket (UTC hours, days, calendar months), where a bucket ends, and which table holds the rows
 * it sums. Everything that writes rollups builds its SQL from this list.
 */
export interface PodRollup {
  name: 'hourly' | 'daily' | 'monthly';
  table: string;
  bucket: (column: string) => string;
  end: (bucket: string) => string;
  /** The next finer rollup's table and time column (raw readings for the hourly rollup). */
  finer: { table: string; time: string; min: string; max: string };
}

const ORIGIN = "'2000-01-01 00:00:00+00'";
export const POD_ROLLUPS: readonly PodRollup[] = [
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

/** Each pod rollup by name. */
export const POD_ROLLUP = Object.fromEntries(POD_ROLLUPS.map((l) => [l.name, l])) as Record<
  PodRollup['name'],
  PodRollup
>;
/** Each pod rollup's table by name. */
export const ROLLUP_TABLES = Object.fromEntries(POD_ROLLUPS.map((l) => [l.name, l.table])) as Record<
  PodRollup['name'],
  string
>;

/**
 * Sums over each location's current pods (ADR 0014): one row per location and bucket, a count and a
 * sum column per sensor kind. `podRows(pod)` is the (sensor_type, bucket, count, sum) rows of a pod
 * (an SQL expression) that its location's rows hold: the pod rollup for hours and days, its raw
 * readings for 5 minutes.
 */
export interface LocationRollup {
  name: 'fiveMinutes' | 'hourly' | 'daily';
  table: string;
  ms: number;
  bucket: (column: string) => string;
  podRows: (pod: string) => string;
}

const fromPodRollup = (rollup: PodRollup) => (pod: string) =>
  `SELECT sensor_type, bucket, count, sum FROM ${rollup.table} WHERE pod_id = ${pod}`;
const fiveMinutes = (c: string) => `date_bin('5 minutes', ${c}, ${ORIGIN})`;
export const LOCATION_ROLLUPS: readonly LocationRollup[] = [
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
    bucket: POD_ROLLUP.hourly.bucket,
    podRows: fromPodRollup(POD_ROLLUP.hourly),
  },
  {
    name: 'daily',
    table: 'measurement_location_daily',
    ms: 86_400_000,
    bucket: POD_ROLLUP.daily.bucket,
    podRows: fromPodRollup(POD_ROLLUP.daily),
  },
];
export const LOCATION_ROLLUP = Object.fromEntries(LOCATION_ROLLUPS.map((l) => [l.name, l])) as Record<
  LocationRollup['name'],
  LocationRollup
>;

/** The count and sum columns of each sensor kind in a location row. */
export const TYPE_COLUMNS = SENSOR_TYPES.map((type) => ({
  type,
  n: `n_${type.toLowerCase()}`,
  s: `s_${type.toLowerCase()}`,
}));

/** Every table derived from raw readings, per pod and per location. */
export const DERIVED_TABLES = [...POD_ROLLUPS.map((l) => l.table), ...LOCATION_ROLLUPS.map((l) => l.table)];
