import type { Queryable } from '../db/database';
import { LOCATION_ROLLUP, LOCATION_ROLLUPS, type LocationRollup, TYPE_COLUMNS } from './rollup-tables';

/**
 * Location rollups (ADR 0014): each row holds, per sensor kind, the count and sum of the readings of
 * the indoor pods its location holds now (an outdoor pod measures the weather, not the building:
 * docs/domain.md#consumption). Ingest adds to them in the batch's statement, a pod's move carries
 * its rows from one location to the other, a hand-deleted reading is taken off, and retention drops
 * the 5-minute rows with the raw readings they come from; tests check them against the pod rows.
 */

const columns = TYPE_COLUMNS.flatMap((c) => [c.n, c.s]).join(', ');
const addOnConflict = `ON CONFLICT (location_id, bucket) DO UPDATE SET ${TYPE_COLUMNS.map((c) => `${c.n} = r.${c.n} + EXCLUDED.${c.n}, ${c.s} = r.${c.s} + EXCLUDED.${c.s}`).join(', ')}`;
const empty = TYPE_COLUMNS.map((c) => `${c.n} = 0`).join(' AND ');

/** The count and sum columns from rows of (`type`, `n`, `s`) expressions, summed per sensor kind. */
const pivot = (type: string, n: string, s: string) =>
  TYPE_COLUMNS.map(
    (c) =>
      `coalesce(sum(${n}) FILTER (WHERE ${type} = '${c.type}'), 0) AS ${c.n}, coalesce(sum(${s}) FILTER (WHERE ${type} = '${c.type}'), 0) AS ${c.s}`,
  ).join(', ');
/** The count and sum columns of location rows summed again (a coarser bucket). */
const resum = TYPE_COLUMNS.map((c) => `sum(${c.n})::bigint AS ${c.n}, sum(${c.s}) AS ${c.s}`).join(', ');

/**
 * CTEs adding the rows of a CTE named `ins` (pod_id, sensor_type, value, created) to their pods'
 * locations, in key order like the pod rollups (so concurrent statements cannot deadlock). The
 * readings are split by sensor kind once, into 5-minute rows; hours and days are summed from those.
 * A pod moving meanwhile waits for this statement's transaction (movePodRollups), so the location
 * read here is the one the pod's rows are filed under.
 */
export function locationUpserts(): string[] {
  return LOCATION_ROLLUPS.flatMap((level, i) => {
    const finer = LOCATION_ROLLUPS[i - 1];
    const rows = finer
      ? `SELECT location_id, ${level.bucket('bucket')} AS bucket, ${resum} FROM location_${finer.name}_rows GROUP BY 1, 2`
      : `SELECT p.location_id, ${level.bucket('i.created')} AS bucket, ${pivot('i.sensor_type', '1', 'i.value')}
         FROM ins i JOIN pod p ON p.id = i.pod_id AND NOT p.outdoor GROUP BY 1, 2`;
    return [
      `location_${level.name}_rows AS MATERIALIZED (${rows})`,
      `location_${level.name} AS (
       INSERT INTO ${level.table} AS r (location_id, bucket, ${columns})
       SELECT * FROM location_${level.name}_rows ORDER BY 1, 2
       ${addOnConflict}
     )`,
    ];
  });
}

/**
 * INSERT ... SELECT adding (sign 1) or taking off (sign -1) the rows of the pods `x` matching `where`
 * to or from location `target` (their current one by default), summed per location and bucket.
 */
export function addPodRowsSql(
  level: LocationRollup,
  where: string,
  { target = 'x.location_id', sign = 1, order = '1, 2' } = {},
): string {
  return `INSERT INTO ${level.table} AS r (location_id, bucket, ${columns})
    SELECT ${target}, h.bucket, ${pivot('h.sensor_type', `${sign} * h.count`, `${sign} * h.sum`)}
    FROM pod x CROSS JOIN LATERAL (${level.podRows('x.id')}) h WHERE ${where} GROUP BY 1, 2 ORDER BY ${order}
    ${addOnConflict}`;
}

/** Adds (sign 1) or takes off (sign -1) pod $1's rows to or from location $2, at every level. */
export async function shift(tx: Queryable, podId: number, locationId: number, sign: 1 | -1) {
  for (const level of LOCATION_ROLLUPS) {
    await tx.query(addPodRowsSql(level, 'x.id = $1', { target: '$2::int', sign }), [podId, locationId]);
    if (sign < 0) await tx.query(`DELETE FROM ${level.table} WHERE location_id = $1 AND ${empty}`, [locationId]);
  }
}

/**
 * Adds pods' rows to the locations they are in: for history written straight into the pod rollups of
 * pods that have no location rows yet (the demo seeder), since it adds all of each pod's rows.
 */
export async function addPodsToTheirLocations(tx: Queryable, podIds: readonly number[]): Promise<void> {
  for (const level of LOCATION_ROLLUPS)
    await tx.query(addPodRowsSql(level, 'x.id = ANY($1::int[]) AND NOT x.outdoor'), [podIds]);
}

/**
 * Carries a pod's rows from location `from` to location `to` (or off and on them as it turns outdoor or
 * indoor), in the transaction that changes the pod. The SHARE ROW EXCLUSIVE lock waits for ingest statements already writing location rows (their
 * readings are then in the pod rows read here) and holds new ones until this transaction commits
 * (they then file under the new location).
 */
export async function movePodRollups(
  tx: Queryable,
  podId: number,
  from: { locationId: number; outdoor: boolean },
  to: { locationId: number; outdoor: boolean },
): Promise<void> {
  if (from.locationId === to.locationId && from.outdoor === to.outdoor) return;
  await tx.query(`LOCK TABLE ${LOCATION_ROLLUPS.map((l) => l.table).join(', ')} IN SHARE ROW EXCLUSIVE MODE`);
  // An outdoor pod is in no location's rows: turning a pod outdoor takes it off, turning it indoor adds it.
  if (!to.outdoor) await shift(tx, podId, to.locationId, 1);
  if (!from.outdoor) await shift(tx, podId, from.locationId, -1);
}

/** Call before deleting the reading of `key` (its id and time, as text): takes it off its pod's location rows. */
export async function removeReadingFromLocations(tx: Queryable, key: [number, string]): Promise<void> {
  for (const level of LOCATION_ROLLUPS) {
    const [row] = await tx.query<{ location_id: number }>(
      `INSERT INTO ${level.table} AS r (location_id, bucket, ${columns})
       SELECT p.location_id, ${level.bucket('m.created')}, ${pivot('m.sensor_type', '-1', '-m.value')}
       FROM measurement m JOIN pod p ON p.id = m.pod_id AND NOT p.outdoor
       WHERE m.id = $1 AND m.created = $2::timestamptz GROUP BY 1, 2
       ${addOnConflict} RETURNING r.location_id`,
      key,
    );
    if (row) await tx.query(`DELETE FROM ${level.table} WHERE location_id = $1 AND ${empty}`, [row.location_id]);
  }
}

/**
 * CTEs taking the readings of a CTE named `gone` (pod_id, sensor_type, value, created), deleted raw
 * readings, off their pods' 5-minute location rows (the level built from raw readings). Hours and
 * days come from the pod rollups and are taken off with them (`shift`).
 */
export function fiveMinuteTakeOff(): string {
  const level = LOCATION_ROLLUP.fiveMinutes;
  return `location_gone AS (
     INSERT INTO ${level.table} AS r (location_id, bucket, ${columns})
     SELECT p.location_id, ${level.bucket('g.created')}, ${pivot('g.sensor_type', '-1', '-g.value')}
     FROM gone g JOIN pod p ON p.id = g.pod_id AND NOT p.outdoor GROUP BY 1, 2 ORDER BY 1, 2
     ${addOnConflict}
   )`;
}

/** Drops the location's rows that count nothing any more, at every level. */
export async function dropEmptiedLocationRows(tx: Queryable, locationId: number): Promise<void> {
  for (const level of LOCATION_ROLLUPS)
    await tx.query(`DELETE FROM ${level.table} WHERE location_id = $1 AND ${empty}`, [locationId]);
}
