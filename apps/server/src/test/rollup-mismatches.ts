import type { Queryable } from '../db/database';
import {
  LAST_READINGS,
  LOCATION_ROLLUPS,
  PLACE_ROLLUPS,
  PLACE_STALE,
  POD_ROLLUPS,
  TYPE_COLUMNS,
} from '../telemetry/rollup-tables';

/**
 * Rows where a pod's rollup levels differ from the same levels rebuilt from its raw readings (either
 * side missing counts): what every hand edit and deletion must leave at 0.
 */
export async function podRollupMismatches(db: Queryable, podId: number): Promise<number> {
  let n = 0;
  for (const level of POD_ROLLUPS) {
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT * FROM ${level.table} WHERE pod_id = $1) h
       FULL JOIN (SELECT pod_id, sensor_type, ${level.bucket('created')} AS bucket, count(*)::int AS c, sum(value) AS s, min(value) AS lo, max(value) AS hi
                  FROM measurement WHERE pod_id = $1 GROUP BY 1, 2, 3) r USING (pod_id, sensor_type, bucket)
       WHERE h.count IS DISTINCT FROM r.c OR NOT abs(h.sum - r.s) < 1e-9 OR h.min <> r.lo OR h.max <> r.hi`,
      [podId],
    );
    n += row?.n ?? 0;
  }
  return n;
}

/**
 * Place cells (place, bucket, sensor kind) that differ from the indoor pods' rows summed by each pod's
 * current place: the pod rollups for hours and days, raw readings for 5 minutes. Places marked stale
 * (migration 029) are read pod by pod and left out.
 */
export async function placeRollupMismatches(db: Queryable, levels = PLACE_ROLLUPS): Promise<number> {
  let n = 0;
  for (const level of levels) {
    const key = level.key;
    const cells = TYPE_COLUMNS.map(
      (c) =>
        `SELECT ${key}, bucket, '${c.type}' AS sensor_type, ${c.n} AS c, ${c.s} AS s FROM ${level.table} WHERE ${c.n} <> 0`,
    ).join(' UNION ALL ');
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (${cells}) l
       FULL JOIN (SELECT x.${key}, h.sensor_type, h.bucket, sum(h.count)::bigint AS c, sum(h.sum) AS s
                  FROM pod x CROSS JOIN LATERAL (${level.podRows('x.id')}) h WHERE NOT x.outdoor GROUP BY 1, 2, 3) r
                  USING (${key}, sensor_type, bucket)
       WHERE (l.c IS DISTINCT FROM r.c OR NOT abs(l.s - r.s) < 1e-6)
         AND ${key} NOT IN (SELECT place_id FROM ${PLACE_STALE} WHERE key = '${key}')`,
    );
    n += row?.n ?? 0;
  }
  return n;
}

/** Location cells that differ from their pods' rows (placeRollupMismatches for locations). */
export const locationRollupMismatches = (db: Queryable) => placeRollupMismatches(db, LOCATION_ROLLUPS);

/**
 * (pod, sensor kind) pairs whose latest-reading bounds are not exactly the latest raw reading (both
 * NULL when it has none): what ingest and hand edits must leave at 0 while the raw readings are all kept.
 */
export async function lastReadingMismatches(db: Queryable): Promise<number> {
  const kinds = TYPE_COLUMNS.map((c) => `('${c.type}', l.${c.lo}, l.${c.hi})`).join(', ');
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pod x
     LEFT JOIN ${LAST_READINGS} l ON l.pod_id = x.id
     CROSS JOIN LATERAL (VALUES ${kinds}) b(type, lo, hi)
     LEFT JOIN (SELECT pod_id, sensor_type, max(created) AS last FROM measurement GROUP BY 1, 2) m
       ON m.pod_id = x.id AND m.sensor_type = b.type
     WHERE b.lo IS DISTINCT FROM m.last OR b.hi IS DISTINCT FROM m.last`,
  );
  return row?.n ?? 0;
}
