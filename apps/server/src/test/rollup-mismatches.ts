import type { Queryable } from '../db/database';
import { LOCATION_ROLLUPS, POD_ROLLUPS, TYPE_COLUMNS } from '../telemetry/rollup-tables';

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
 * Location cells (location, bucket, sensor kind) that differ from the indoor pods' rows summed by each
 * pod's current location: the pod rollups for hours and days, raw readings for 5 minutes.
 */
export async function locationRollupMismatches(db: Queryable): Promise<number> {
  let n = 0;
  for (const level of LOCATION_ROLLUPS) {
    const cells = TYPE_COLUMNS.map(
      (c) =>
        `SELECT location_id, bucket, '${c.type}' AS sensor_type, ${c.n} AS c, ${c.s} AS s FROM ${level.table} WHERE ${c.n} <> 0`,
    ).join(' UNION ALL ');
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (${cells}) l
       FULL JOIN (SELECT x.location_id, h.sensor_type, h.bucket, sum(h.count)::bigint AS c, sum(h.sum) AS s
                  FROM pod x CROSS JOIN LATERAL (${level.podRows('x.id')}) h WHERE NOT x.outdoor GROUP BY 1, 2, 3) r
                  USING (location_id, sensor_type, bucket)
       WHERE l.c IS DISTINCT FROM r.c OR NOT abs(l.s - r.s) < 1e-6`,
    );
    n += row?.n ?? 0;
  }
  return n;
}
