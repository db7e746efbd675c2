import type { Database, Queryable } from '../db/database';
import { dropEmptiedLocationRows, lockPlaceRollups, rawLevelsTakeOff, shift } from './location-rollups';
import { LAST_READINGS, POD_ROLLUPS } from './rollup-tables';

/**
 * Deleting a pod with its history (docs/domain.md#hierarchy): its raw readings go a batch per
 * transaction, so a pod with a year of readings never holds PGlite's one connection for long and other
 * requests are answered between batches; its rollups, queue rows and what cascades go in the
 * transaction that deletes the pod. Location rollups stay the sums of the pods the location keeps.
 */

/** Raw readings deleted per transaction. */
export const READING_BATCH = 5000;

/** Refuses the pod's ingest at once (the pod directory hears of it), before its readings start to go. */
export async function stopPodIngest(tx: Queryable, podId: number): Promise<void> {
  await tx.query('UPDATE pod SET active = false WHERE id = $1', [podId]);
}

/**
 * Deletes the pod's `limit` oldest raw readings (all with null), off the minute and 5-minute location rows too; a batch
 * ends at a time, so it also takes the rest of its last moment's readings (one per sensor at most). By time,
 * not by id: each week's table finds the pod's readings up to a time in its (pod_id, created) key, where a
 * list of ids would be looked up in every week (ADR 0028).
 */
export async function deleteReadingBatch(tx: Queryable, podId: number, limit: number | null): Promise<number> {
  const upTo =
    'SELECT max(created) FROM (SELECT created FROM measurement WHERE pod_id = $1 ORDER BY created LIMIT $2) s';
  const [row] = await tx.query<{ n: number }>(
    `WITH gone AS (
       DELETE FROM measurement WHERE pod_id = $1 ${limit === null ? '' : `AND created <= (${upTo})`}
       RETURNING pod_id, sensor_type, value, created
     ), ${rawLevelsTakeOff()}
     SELECT count(*)::int AS n FROM gone`,
    limit === null ? [podId] : [podId, limit],
  );
  const [pod] = await tx.query<{ location_id: number }>('SELECT location_id FROM pod WHERE id = $1', [podId]);
  if (pod && (row?.n ?? 0) > 0) await dropEmptiedLocationRows(tx, pod.location_id);
  return row?.n ?? 0;
}

/** The pod's readings, batch after batch, each in a transaction of its own. */
export async function deletePodReadings(db: Database, podId: number, batch = READING_BATCH): Promise<void> {
  while ((await db.transaction((tx) => deleteReadingBatch(tx, podId, batch))) > 0) {
    // Each batch is its own transaction: requests queued meanwhile run before the next one.
  }
}

/**
 * In the transaction that deletes the pod: readings that arrived after the batches, the pod's rows in
 * its location's and area's rollups, its own rollups and latest readings, and its queued rule
 * evaluations. The lock waits for ingest statements already writing place rows, as a pod's move does.
 */
export async function deletePodHistory(tx: Queryable, podId: number): Promise<void> {
  await lockPlaceRollups(tx);
  await deleteReadingBatch(tx, podId, null);
  const [pod] = await tx.query<{ locationId: number; areaId: number; outdoor: boolean }>(
    'SELECT location_id AS "locationId", area_id AS "areaId", outdoor FROM pod WHERE id = $1',
    [podId],
  );
  if (pod && !pod.outdoor) await shift(tx, podId, pod, -1);
  for (const level of POD_ROLLUPS) await tx.query(`DELETE FROM ${level.table} WHERE pod_id = $1`, [podId]);
  await tx.query(`DELETE FROM ${LAST_READINGS} WHERE pod_id = $1`, [podId]);
  await tx.query('DELETE FROM rule_evaluation_queue WHERE pod_id = $1', [podId]);
}

/** What goes with a pod beyond registry rows, counted for the delete preview. */
export async function podHistoryCounts(tx: Queryable, podId: number) {
  const count = async (sql: string) => (await tx.query<{ n: number }>(sql, [podId]))[0]?.n ?? 0;
  return [
    {
      label: 'rollup rows',
      count: await count(
        `SELECT (${POD_ROLLUPS.map((l) => `(SELECT count(*) FROM ${l.table} WHERE pod_id = $1)`).join(' + ')})::int AS n`,
      ),
    },
    { label: 'rule episodes', count: await count('SELECT count(*)::int AS n FROM rule_episode WHERE pod_id = $1') },
    {
      label: 'queued rule evaluations',
      count: await count('SELECT count(*)::int AS n FROM rule_evaluation_queue WHERE pod_id = $1'),
    },
    {
      label: 'aggregated data rows',
      count: await count('SELECT count(*)::int AS n FROM aggregated_data WHERE pod_id = $1'),
    },
  ];
}
