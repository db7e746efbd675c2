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
 * Sums over each place's current indoor pods (ADR 0014 for locations, 0029 for areas, 0031 for minutes): one
 * row per place and bucket, a count and a sum column per sensor kind (`n_temperature`, `s_temperature`, ...).
 * `key` is the place column (the same name in `pod`). `podRows(pod)` is the (sensor_type, bucket, count, sum)
 * rows of a pod (an SQL expression) that its place's rows hold: the pod rollup for hours and days, its raw
 * readings below an hour (`fromRaw`: minutes and 5 minutes, dropped with the raw readings at
 * RAW_RETENTION_DAYS). Areas have no levels below an hour: the cards read the few raw readings at an area's
 * window edges instead.
 */
export interface PlaceRollup {
  name: 'minute' | 'fiveMinutes' | 'hourly' | 'daily';
  key: 'location_id' | 'area_id';
  table: string;
  ms: number;
  bucket: (column: string) => string;
  podRows: (pod: string) => string;
  fromRaw: boolean;
}
/** A location's rollup level (ADR 0014). */
export type LocationRollup = PlaceRollup;

const fromPodRollup = (rollup: PodRollup) => (pod: string) =>
  `SELECT sensor_type, bucket, count, sum FROM ${rollup.table} WHERE pod_id = ${pod}`;
/** A level below an hour, built from a pod's raw readings. */
function rawLevel(name: 'minute' | 'fiveMinutes', table: string, width: string, ms: number): PlaceRollup {
  const bucket = (c: string) => `date_bin('${width}', ${c}, ${ORIGIN})`;
  return {
    name,
    key: 'location_id',
    table,
    ms,
    bucket,
    podRows: (pod) =>
      `SELECT sensor_type, ${bucket('created')} AS bucket, count(*) AS count, sum(value) AS sum FROM measurement WHERE pod_id = ${pod} GROUP BY 1, 2`,
    fromRaw: true,
  };
}
const HOURLY = {
  ms: 3_600_000,
  bucket: POD_ROLLUP.hourly.bucket,
  podRows: fromPodRollup(POD_ROLLUP.hourly),
  fromRaw: false,
};
const DAILY = {
  ms: 86_400_000,
  bucket: POD_ROLLUP.daily.bucket,
  podRows: fromPodRollup(POD_ROLLUP.daily),
  fromRaw: false,
};
/** The location levels, finest first. */
export const LOCATION_ROLLUPS: readonly PlaceRollup[] = [
  rawLevel('minute', 'measurement_location_minute', '1 minute', 60_000),
  rawLevel('fiveMinutes', 'measurement_location_5min', '5 minutes', 5 * 60_000),
  { name: 'hourly', key: 'location_id', table: 'measurement_location_hourly', ...HOURLY },
  { name: 'daily', key: 'location_id', table: 'measurement_location_daily', ...DAILY },
];
export const LOCATION_ROLLUP = Object.fromEntries(LOCATION_ROLLUPS.map((l) => [l.name, l])) as Record<
  PlaceRollup['name'],
  PlaceRollup
>;
/** The location levels built from raw readings (and dropped with them), finest first. */
export const RAW_LOCATION_ROLLUPS = LOCATION_ROLLUPS.filter((l) => l.fromRaw);
/** The area levels, finest first. */
export const AREA_ROLLUPS: readonly PlaceRollup[] = [
  { name: 'hourly', key: 'area_id', table: 'measurement_area_hourly', ...HOURLY },
  { name: 'daily', key: 'area_id', table: 'measurement_area_daily', ...DAILY },
];
/** Every place level, locations then areas. */
export const PLACE_ROLLUPS: readonly PlaceRollup[] = [...LOCATION_ROLLUPS, ...AREA_ROLLUPS];

/** The count and sum columns of each sensor kind in a place row; lo and hi bound its pods' latest reading. */
export const TYPE_COLUMNS = SENSOR_TYPES.map((type) => ({
  type,
  n: `n_${type.toLowerCase()}`,
  s: `s_${type.toLowerCase()}`,
  lo: `lo_${type.toLowerCase()}`,
  hi: `hi_${type.toLowerCase()}`,
}));

/**
 * Per pod and sensor kind, bounds on when its latest reading was taken (`lo_<kind>` <= latest <=
 * `hi_<kind>`; equal unless a hand delete left only an hourly row to tell): the cards learn from them,
 * without reading each pod's rollups, which pods have readings in a window (ADR 0029).
 */
export const LAST_READINGS = 'pod_last_reading';

/** Places whose rows may not be their pods' sums (a pod placed without its rows: migration 029). */
export const PLACE_STALE = 'place_rollup_stale';

/** Every table derived from raw readings, per pod and per place. */
export const DERIVED_TABLES = [...POD_ROLLUPS.map((l) => l.table), ...PLACE_ROLLUPS.map((l) => l.table), LAST_READINGS];
