import type { Queryable } from '../db/database';
import { refreshLastReadings } from './last-readings';
import {
  AREA_ROLLUPS,
  LOCATION_ROLLUPS,
  PLACE_ROLLUPS,
  PLACE_STALE,
  type PlaceRollup,
  RAW_LOCATION_ROLLUPS,
  TYPE_COLUMNS,
} from './rollup-tables';

/**
 * Place rollups (ADR 0014 for locations, 0029 for areas): each row holds, per sensor kind, the count and
 * sum of the readings of the indoor pods its location or area holds now (an outdoor pod measures the
 * weather, not the building: docs/domain.md#consumption). Ingest adds to them in the batch's statement,
 * a pod's move carries its rows from one place to the other, a hand-deleted reading is taken off, and
 * retention drops the minute and 5-minute location rows with the raw readings they come from; tests check them
 * against the pod rows.
 */

const columns = TYPE_COLUMNS.flatMap((c) => [c.n, c.s]).join(', ');
const addOnConflict = (level: PlaceRollup) =>
  `ON CONFLICT (${level.key}, bucket) DO UPDATE SET ${TYPE_COLUMNS.map((c) => `${c.n} = r.${c.n} + EXCLUDED.${c.n}, ${c.s} = r.${c.s} + EXCLUDED.${c.s}`).join(', ')}`;
const empty = TYPE_COLUMNS.map((c) => `${c.n} = 0`).join(' AND ');

/** The count and sum columns from rows of (`type`, `n`, `s`) expressions, summed per sensor kind. */
const pivot = (type: string, n: string, s: string) =>
  TYPE_COLUMNS.map(
    (c) =>
      `coalesce(sum(${n}) FILTER (WHERE ${type} = '${c.type}'), 0) AS ${c.n}, coalesce(sum(${s}) FILTER (WHERE ${type} = '${c.type}'), 0) AS ${c.s}`,
  ).join(', ');
/** The count and sum columns of place rows summed again (a coarser bucket or place). */
const resum = TYPE_COLUMNS.map((c) => `sum(${c.n})::bigint AS ${c.n}, sum(${c.s}) AS ${c.s}`).join(', ');

const FINEST = LOCATION_ROLLUPS[0] as PlaceRollup;

/**
 * CTEs adding the rows of a CTE named `ins` (pod_id, sensor_type, value, created) to their pods'
 * locations and areas, in key order like the pod rollups (so concurrent statements cannot deadlock).
 * The readings are split by sensor kind once, into rows per area and minute (the finest location level);
 * locations and coarser buckets are summed from those. A pod moving meanwhile waits for this statement's transaction
 * (movePodRollups), so the place read here is the one the pod's rows are filed under.
 */
export function placeUpserts(): string[] {
  const base = `place_rows AS MATERIALIZED (
       SELECT p.location_id, p.area_id, ${FINEST.bucket('i.created')} AS bucket, ${pivot('i.sensor_type', '1', 'i.value')}
       FROM ins i JOIN pod p ON p.id = i.pod_id AND NOT p.outdoor GROUP BY 1, 2, 3)`;
  const levels = (place: 'location' | 'area', rollups: readonly PlaceRollup[]) =>
    rollups.flatMap((level, i) => {
      const finer = rollups[i - 1];
      const source = finer ? `${place}_${finer.name}_rows` : 'place_rows';
      return [
        `${place}_${level.name}_rows AS MATERIALIZED (
         SELECT ${level.key}, ${level.bucket('bucket')} AS bucket, ${resum} FROM ${source} GROUP BY 1, 2)`,
        `${place}_${level.name} AS (
         INSERT INTO ${level.table} AS r (${level.key}, bucket, ${columns})
         SELECT * FROM ${place}_${level.name}_rows ORDER BY 1, 2
         ${addOnConflict(level)}
       )`,
      ];
    });
  return [base, ...levels('location', LOCATION_ROLLUPS), ...levels('area', AREA_ROLLUPS)];
}

/**
 * INSERT ... SELECT adding (sign 1) or taking off (sign -1) the rows of the pods `x` matching `where`
 * to or from place `target` (their current one by default), summed per place and bucket.
 */
export function addPodRowsSql(
  level: PlaceRollup,
  where: string,
  { target = `x.${level.key}`, sign = 1, order = '1, 2' } = {},
): string {
  return `INSERT INTO ${level.table} AS r (${level.key}, bucket, ${columns})
    SELECT ${target}, h.bucket, ${pivot('h.sensor_type', `${sign} * h.count`, `${sign} * h.sum`)}
    FROM pod x CROSS JOIN LATERAL (${level.podRows('x.id')}) h WHERE ${where} GROUP BY 1, 2 ORDER BY ${order}
    ${addOnConflict(level)}`;
}

/** Where a pod's rows are filed: its location and its area. */
export interface PodPlace {
  locationId: number;
  areaId: number;
}

async function shiftLevels(
  tx: Queryable,
  levels: readonly PlaceRollup[],
  podId: number,
  placeId: number,
  sign: 1 | -1,
) {
  for (const level of levels) {
    await tx.query(addPodRowsSql(level, 'x.id = $1', { target: '$2::int', sign }), [podId, placeId]);
    if (sign < 0) await tx.query(`DELETE FROM ${level.table} WHERE ${level.key} = $1 AND ${empty}`, [placeId]);
  }
}

/** Adds (sign 1) or takes off (sign -1) pod $1's rows to or from a location and an area, at every level. */
export async function shift(tx: Queryable, podId: number, place: PodPlace, sign: 1 | -1) {
  await shiftLevels(tx, LOCATION_ROLLUPS, podId, place.locationId, sign);
  await shiftLevels(tx, AREA_ROLLUPS, podId, place.areaId, sign);
}

/**
 * Adds pods' rows to the places they are in, and works out their latest readings: for history written
 * straight into the pod rollups of pods that have no place rows yet (the demo seeder), since it adds
 * all of each pod's rows.
 */
export async function addPodsToTheirLocations(tx: Queryable, podIds: readonly number[]): Promise<void> {
  for (const level of PLACE_ROLLUPS)
    await tx.query(addPodRowsSql(level, 'x.id = ANY($1::int[]) AND NOT x.outdoor'), [podIds]);
  await refreshLastReadings(tx, podIds);
}

/**
 * Every place's rows and every pod's latest-reading bounds built from the pods' rows, for a database
 * whose readings and pod rollups were written straight in (the benches' loads) and has no place rows yet.
 * `order` is the rows' insert order (bench: '2, 1', time first, as ingest appends them).
 */
export async function buildPlacesFromPods(db: Queryable, order = '1, 2'): Promise<void> {
  for (const level of PLACE_ROLLUPS) await db.query(addPodRowsSql(level, 'NOT x.outdoor', { order }));
  const pods = await db.query<{ id: number }>('SELECT id FROM pod');
  await refreshLastReadings(
    db,
    pods.map((p) => p.id),
  );
}

/**
 * Waits for ingest statements already writing place rows (their readings are then in the pod rows read
 * after it) and holds new ones until this transaction commits (they then file under the pod's new place).
 */
export async function lockPlaceRollups(tx: Queryable): Promise<void> {
  await tx.query(`LOCK TABLE ${PLACE_ROLLUPS.map((l) => l.table).join(', ')} IN SHARE ROW EXCLUSIVE MODE`);
}

/**
 * Carries a pod's rows from one place to another (or off and on them as it turns outdoor or indoor), in
 * the transaction that changes the pod, under lockPlaceRollups. It announces the move to the trigger
 * that marks places stale when a pod is placed without one (migration 029), and first rebuilds any
 * place so marked while it holds the lock.
 */
export async function movePodRollups(
  tx: Queryable,
  podId: number,
  from: PodPlace & { outdoor: boolean },
  to: PodPlace & { outdoor: boolean },
): Promise<void> {
  const turns = from.outdoor !== to.outdoor;
  const moves = { location: turns || from.locationId !== to.locationId, area: turns || from.areaId !== to.areaId };
  if (!moves.location && !moves.area) return;
  await lockPlaceRollups(tx);
  // First, while the pod table still says where the pod was: the move then shifts rows that are right.
  await rebuildStalePlaces(tx);
  await tx.query("SELECT set_config('greenpod.rollups_moved', $1, true)", [String(podId)]);
  // An outdoor pod is in no place's rows: turning a pod outdoor takes it off, turning it indoor adds it.
  for (const [end, sign] of [
    [to, 1],
    [from, -1],
  ] as const) {
    if (end.outdoor) continue;
    if (moves.location) await shiftLevels(tx, LOCATION_ROLLUPS, podId, end.locationId, sign);
    if (moves.area) await shiftLevels(tx, AREA_ROLLUPS, podId, end.areaId, sign);
  }
}

/**
 * Builds the rows of every place marked stale again from its indoor pods' rows, under lockPlaceRollups
 * (taken here too), and clears the marks. Until then cards and charts read those places pod by pod.
 */
export async function rebuildStalePlaces(tx: Queryable): Promise<void> {
  const stale = await tx.query<{ key: string; place_id: number }>(`SELECT key, place_id FROM ${PLACE_STALE}`);
  if (stale.length === 0) return;
  await lockPlaceRollups(tx);
  for (const { key, place_id } of stale) {
    for (const level of PLACE_ROLLUPS.filter((l) => l.key === key)) {
      await tx.query(`DELETE FROM ${level.table} WHERE ${level.key} = $1`, [place_id]);
      await tx.query(addPodRowsSql(level, `x.${level.key} = $1 AND NOT x.outdoor`, { target: '$1::int' }), [place_id]);
    }
    await tx.query(`DELETE FROM ${PLACE_STALE} WHERE key = $1 AND place_id = $2`, [key, place_id]);
  }
}

/** Call before deleting the reading of `key` (its id and time, as text): takes it off its pod's place rows. */
export async function removeReadingFromLocations(tx: Queryable, key: [number, string]): Promise<void> {
  for (const level of PLACE_ROLLUPS) {
    const [row] = await tx.query<{ place: number }>(
      `INSERT INTO ${level.table} AS r (${level.key}, bucket, ${columns})
       SELECT p.${level.key}, ${level.bucket('m.created')}, ${pivot('m.sensor_type', '-1', '-m.value')}
       FROM measurement m JOIN pod p ON p.id = m.pod_id AND NOT p.outdoor
       WHERE m.id = $1 AND m.created = $2::timestamptz GROUP BY 1, 2
       ${addOnConflict(level)} RETURNING r.${level.key} AS place`,
      key,
    );
    if (row) await tx.query(`DELETE FROM ${level.table} WHERE ${level.key} = $1 AND ${empty}`, [row.place]);
  }
}

/**
 * CTEs taking the readings of a CTE named `gone` (pod_id, sensor_type, value, created), deleted raw
 * readings, off their pods' location rows of the levels built from raw readings (minutes, 5 minutes).
 * Hours and days come from the pod rollups and are taken off with them (`shift`).
 */
export function rawLevelsTakeOff(): string {
  return RAW_LOCATION_ROLLUPS.map(
    (level) => `location_gone_${level.name} AS (
     INSERT INTO ${level.table} AS r (location_id, bucket, ${columns})
     SELECT p.location_id, ${level.bucket('g.created')}, ${pivot('g.sensor_type', '-1', '-g.value')}
     FROM gone g JOIN pod p ON p.id = g.pod_id AND NOT p.outdoor GROUP BY 1, 2 ORDER BY 1, 2
     ${addOnConflict(level)}
   )`,
  ).join(', ');
}

/** Drops the location's rows that count nothing any more, at every level. */
export async function dropEmptiedLocationRows(tx: Queryable, locationId: number): Promise<void> {
  for (const level of LOCATION_ROLLUPS)
    await tx.query(`DELETE FROM ${level.table} WHERE location_id = $1 AND ${empty}`, [locationId]);
}
