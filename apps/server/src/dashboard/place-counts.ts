import type { Scope } from '@greenpod/contracts';
import type { Queryable, SqlParam } from '../db/database';
import { visibleIds } from './dashboard-scope';

/** Per visible location, how many of its areas and pods the caller sees. */
export async function areaPodCounts(db: Queryable, scope: Scope) {
  const params: SqlParam[] = [];
  const v = visibleIds(scope, params);
  return db.query<{ locationId: number; areaCount: number; podCount: number }>(
    `SELECT t.id AS "locationId",
       (SELECT count(*)::int FROM area a WHERE a.location_id = t.id AND a.id IN (${v.areas()})) AS "areaCount",
       (SELECT count(*)::int FROM pod p WHERE p.location_id = t.id AND p.id IN (${v.pods()})) AS "podCount"
     FROM location t WHERE t.id IN (${v.locations()}) ORDER BY t.id`,
    params,
  );
}

/** Per visible area (of one location when given), how many of its pods the caller sees. */
export async function podCounts(db: Queryable, scope: Scope, locationId?: number) {
  const params: SqlParam[] = [];
  const v = visibleIds(scope, params);
  let where = `t.id IN (${v.areas()})`;
  if (locationId !== undefined) {
    params.push(locationId);
    where += ` AND t.location_id = $${params.length}`;
  }
  return db.query<{ areaId: number; podCount: number }>(
    `SELECT t.id AS "areaId", (SELECT count(*)::int FROM pod p WHERE p.area_id = t.id AND p.id IN (${v.pods()})) AS "podCount"
     FROM area t WHERE ${where} ORDER BY t.id`,
    params,
  );
}
