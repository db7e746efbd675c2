import type { Queryable } from '../db/database';
import { refreshLastReadings } from './last-readings';
import { removeReadingFromLocations } from './location-rollups';
import { rollupUpserts } from './measurement-writer';
import { POD_ROLLUPS } from './rollup-tables';

/**
 * Keeping the rollups true when an administrator adds, edits or deletes one reading by hand (the
 * measurement admin screen): dashboards add and subtract rollup rows and raw readings, so the two
 * must never disagree.
 */
export async function addReadingToRollups(tx: Queryable, id: number): Promise<void> {
  const key = await readingKey(tx, id);
  if (!key) return;
  await tx.query(
    `WITH ins AS (SELECT pod_id, sensor_type, value, created FROM measurement WHERE ${BY_KEY}), ${rollupUpserts()} SELECT 1`,
    key,
  );
}

/**
 * Reading `id`'s full key: an id alone is looked up in every week's table (ADR 0028), so it is looked up
 * once and the statements after name its time too, which finds its week. The time goes as text, to keep
 * its microseconds (a hand-made reading's is now()).
 */
async function readingKey(tx: Queryable, id: number): Promise<[number, string] | undefined> {
  const [row] = await tx.query<{ created: string }>('SELECT created::text AS created FROM measurement WHERE id = $1', [
    id,
  ]);
  return row ? [id, row.created] : undefined;
}
const BY_KEY = 'id = $1 AND created = $2::timestamptz';

/**
 * Call before deleting reading `id`. Count and sum subtract exactly; min and max are taken again
 * from the next finer level without that reading, finest level first; emptied rows go.
 */
export async function removeReadingFromRollups(tx: Queryable, id: number): Promise<void> {
  const key = await readingKey(tx, id);
  if (!key) return;
  await removeReadingFromLocations(tx, key);
  for (const level of POD_ROLLUPS) {
    const f = level.finer;
    // In the finer level's own rows: the raw reading itself is left out, emptied rollup rows are.
    const others = f.table === 'measurement' ? 'x.id <> r.id' : 'x.count > 0';
    const of = (agg: 'min' | 'max', column: string) =>
      `(SELECT ${agg}(x.${column}) FROM ${f.table} x WHERE x.pod_id = r.pod_id AND x.sensor_type = r.sensor_type
         AND x.${f.time} >= h.bucket AND x.${f.time} < ${level.end('h.bucket')} AND ${others})`;
    await tx.query(
      `UPDATE ${level.table} h SET count = h.count - 1, sum = h.sum - r.value,
         min = coalesce(${of('min', f.min)}, h.min), max = coalesce(${of('max', f.max)}, h.max)
       FROM (SELECT id, pod_id, sensor_type, value, created FROM measurement WHERE ${BY_KEY}) r
       WHERE h.pod_id = r.pod_id AND h.sensor_type = r.sensor_type AND h.bucket = ${level.bucket('r.created')}`,
      key,
    );
  }
  for (const level of POD_ROLLUPS)
    await tx.query(
      `DELETE FROM ${level.table} WHERE count <= 0 AND pod_id = (SELECT pod_id FROM measurement WHERE ${BY_KEY})`,
      key,
    );
  const [reading] = await tx.query<{ pod_id: number }>('SELECT pod_id FROM measurement WHERE id = $1', [id]);
  if (reading) await refreshLastReadings(tx, [reading.pod_id], id);
}
