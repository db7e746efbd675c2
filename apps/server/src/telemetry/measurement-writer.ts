import type { Queryable } from '../db/database';
import { lastReadingUpsert } from './last-readings';
import { placeUpserts } from './location-rollups';
import type { ReadingRow } from './reading-validation';
import { POD_ROLLUPS } from './rollup-tables';

// Built once at load: the statement text never changes, only its array parameters.
const INSERT_SQL = `WITH input AS (
     SELECT pod_id, sensor_id, sensor_type, value, to_timestamp(ms / 1000) AS created, i
     FROM unnest($1::int[], $2::int[], $3::text[], $4::float8[], $5::float8[]) WITH ORDINALITY
       AS r(pod_id, sensor_id, sensor_type, value, ms, i)
   ), ins AS (
     INSERT INTO measurement (pod_id, sensor_id, sensor_type, value, created)
     SELECT pod_id, sensor_id, sensor_type, value, created FROM input
     ON CONFLICT (pod_id, sensor_id, created) DO NOTHING
     RETURNING pod_id, sensor_id, sensor_type, value, created
   ), ${rollupUpserts()}
   SELECT i::int FROM input
   WHERE (SELECT count(*) FROM ins) < cardinality($1::int[])
     AND NOT EXISTS (SELECT 1 FROM ins WHERE ins.pod_id = input.pod_id AND ins.created = input.created AND ins.sensor_id = input.sensor_id)`;

/**
 * Stores readings and updates the rollups (hourly, daily, monthly per pod; minute, 5-minute, hourly, daily per
 * location; hourly, daily per area; each pod's latest reading) in one statement, so they commit together.
 * ON CONFLICT DO NOTHING makes retries idempotent, and only readings actually inserted reach the rollups.
 * Returns the indexes of the rows not stored (already there): usually none, so the answer is small
 * (bench/ingest: handing back a key per stored row cost the server more than the check does), and
 * when every row was stored the statement skips matching them (a one-time filter on the count).
 * Rollup rows are upserted in key order, so concurrent batches (group-commit statements, or
 * several server instances) lock them in the same order and cannot deadlock. `rows` must not
 * repeat a (pod, sensor, time).
 */
export async function insertReadings(db: Queryable, rows: readonly ReadingRow[]): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const skipped = await db.query<{ i: number }>(INSERT_SQL, arrayLiterals(rows));
  return new Set(skipped.map((r) => r.i - 1));
}

/**
 * The statement's five arrays as PostgreSQL array literals, written here rather than by the driver: pg quotes and
 * escapes every element of an array parameter, which for groups of 24,000 readings was, after garbage collection, the
 * largest share of the event loop's late stretches (docs/performance.md#the-ingest-statements-parameters). Numbers need no quoting;
 * a time goes as milliseconds since the epoch (every `created` is a Date, so whole milliseconds, which
 * `to_timestamp(ms / 1000)` gives back exactly); a sensor type is quoted only if it is not a plain word.
 */
function arrayLiterals(rows: readonly ReadingRow[]): string[] {
  const n = rows.length;
  const pods = new Array<number>(n);
  const sensors = new Array<number>(n);
  const types = new Array<string>(n);
  const values = new Array<number>(n);
  const times = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const r = rows[i] as ReadingRow;
    pods[i] = r.podId;
    sensors[i] = r.sensorId;
    types[i] = typeElement(r.sensorType);
    values[i] = r.value;
    times[i] = r.created.getTime();
  }
  return [pods, sensors, types, values, times].map((a) => `{${a.join(',')}}`);
}

const PLAIN_WORD = /^[A-Za-z_][A-Za-z0-9_]*$/;
const typeElements = new Map<string, string>();
/** An array element for a sensor type: a handful of distinct values, so each is worked out once. */
function typeElement(type: string): string {
  let element = typeElements.get(type);
  if (element === undefined) {
    element = PLAIN_WORD.test(type) && type.toUpperCase() !== 'NULL' ? type : `"${type.replace(/["\\]/g, '\\$&')}"`;
    if (typeElements.size < 1_000) typeElements.set(type, element);
  }
  return element;
}

/**
 * CTEs upserting every rollup level, per pod then per place, and the pods' latest readings, from the rows of a CTE named `ins`
 * (pod_id, sensor_type, value, created), each in key order so concurrent statements lock rows in the
 * same order (no deadlocks). Performance (bench/ingest): each level is summed from the next finer
 * level's rows of this statement (`*_rows`), not from every reading again: a 5,000-reading batch of
 * one pod over two days sums 5,000 readings into 416 hours, those into 24 days, those into 8 months.
 * UTC hours lie in UTC days and days in UTC months, so the sums are the same.
 */
export function rollupUpserts(): string {
  const perPod = POD_ROLLUPS.flatMap((level, i) => {
    const finer = POD_ROLLUPS[i - 1];
    const rows = finer
      ? `SELECT pod_id, sensor_type, ${level.bucket('bucket')} AS bucket, sum(count)::int AS count, sum(sum) AS sum, min(min) AS min, max(max) AS max
         FROM ${finer.name}_rows GROUP BY 1, 2, 3`
      : `SELECT pod_id, sensor_type, ${level.bucket('created')} AS bucket, count(*)::int AS count, sum(value) AS sum, min(value) AS min, max(value) AS max
         FROM ins GROUP BY 1, 2, 3`;
    return [
      `${level.name}_rows AS MATERIALIZED (${rows})`,
      `${level.name} AS (
       INSERT INTO ${level.table} AS r (pod_id, sensor_type, bucket, count, sum, min, max)
       SELECT * FROM ${level.name}_rows ORDER BY 1, 2, 3
       ON CONFLICT (pod_id, sensor_type, bucket) DO UPDATE SET
         count = r.count + EXCLUDED.count, sum = r.sum + EXCLUDED.sum,
         min = least(r.min, EXCLUDED.min), max = greatest(r.max, EXCLUDED.max)
     )`,
    ];
  });
  return [...perPod, ...placeUpserts(), lastReadingUpsert()].join(', ');
}
