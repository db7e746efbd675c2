import type { Queryable } from '../db/database';
import { LAST_READINGS, POD_ROLLUP, TYPE_COLUMNS } from './rollup-tables';

/**
 * Bounds on each pod's latest reading per sensor kind (ADR 0029): lo <= latest <= hi. Ingest keeps them
 * exact (both move up to the batch's latest reading); a hand delete works them out again, from the raw
 * readings when they reach the latest hourly rollup row, else from that row's hour. A card then knows,
 * from one row per pod, which pods have readings in a window ending at or after their latest one.
 */

const columns = TYPE_COLUMNS.flatMap((c) => [c.lo, c.hi]).join(', ');

/**
 * A CTE raising the bounds to the latest reading of each pod and kind in a CTE named `ins` (pod_id,
 * sensor_type, value, created), pods in key order. A reading later than hi is the latest (lo = hi = it);
 * one inside the bounds shows the latest is at least that late; an earlier one changes nothing. Both
 * are `greatest`, which skips the kinds the batch has none of (NULL).
 */
export function lastReadingUpsert(): string {
  const latest = TYPE_COLUMNS.map((c) => `max(created) FILTER (WHERE sensor_type = '${c.type}')`);
  return `last_readings AS (
     INSERT INTO ${LAST_READINGS} AS r (pod_id, ${columns})
     SELECT pod_id, ${latest.flatMap((x) => [x, x]).join(', ')} FROM ins GROUP BY 1 ORDER BY 1
     ON CONFLICT (pod_id) DO UPDATE SET ${TYPE_COLUMNS.map((c) => `${c.lo} = greatest(r.${c.lo}, EXCLUDED.${c.lo}), ${c.hi} = greatest(r.${c.hi}, EXCLUDED.${c.hi})`).join(', ')}
   )`;
}

const KINDS = `(VALUES ${TYPE_COLUMNS.map((c) => `('${c.type}')`).join(', ')}) k(type)`;

/**
 * Works the bounds out again for pods $1 (an int[]) from their readings and hourly rollups, leaving out
 * reading $2 (about to be deleted; null for none). The raw readings' latest is exact when it lies in the
 * latest hourly row (retention only drops older readings, so none later is missing); otherwise only
 * that row's hour is known. One index descent per pod and kind.
 */
export async function refreshLastReadings(tx: Queryable, podIds: readonly number[], leaveOut: number | null = null) {
  const hourEnd = `${POD_ROLLUP.hourly.end('l.hour')} - interval '1 microsecond'`;
  const pick = (c: (typeof TYPE_COLUMNS)[number]) =>
    `max(b.lo) FILTER (WHERE k.type = '${c.type}'), max(b.hi) FILTER (WHERE k.type = '${c.type}')`;
  await tx.query(`DELETE FROM ${LAST_READINGS} WHERE pod_id = ANY($1::int[])`, [podIds]);
  await tx.query(
    `INSERT INTO ${LAST_READINGS} (pod_id, ${columns})
     SELECT x.id, ${TYPE_COLUMNS.map(pick).join(', ')}
     FROM pod x CROSS JOIN ${KINDS}
     CROSS JOIN LATERAL (
       SELECT (SELECT m.created FROM measurement m WHERE m.pod_id = x.id AND m.sensor_type = k.type
                 AND m.id IS DISTINCT FROM $2::int ORDER BY m.created DESC LIMIT 1) AS raw,
              (SELECT h.bucket FROM ${POD_ROLLUP.hourly.table} h WHERE h.pod_id = x.id AND h.sensor_type = k.type
                 AND h.count > 0 ORDER BY h.bucket DESC LIMIT 1) AS hour) l
     CROSS JOIN LATERAL (
       SELECT CASE WHEN l.raw >= l.hour THEN l.raw ELSE l.hour END AS lo,
              CASE WHEN l.raw >= l.hour THEN l.raw ELSE ${hourEnd} END AS hi) b
     WHERE x.id = ANY($1::int[]) AND l.hour IS NOT NULL
     GROUP BY x.id ORDER BY x.id`,
    [podIds, leaveOut],
  );
}
