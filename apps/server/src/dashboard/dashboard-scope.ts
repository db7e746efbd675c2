import { getResource, type ResourceName, type Scope } from '@greenpod/contracts';
import { compileSelect, scopeClause } from '../crud/select';
import type { Queryable, SqlParam } from '../db/database';
import { notFound } from '../http/errors';
import type { PodSet } from './readings-query';

/**
 * Subqueries yielding the ids of the locations, areas and pods a caller may see on a dashboard.
 * Each call adds the parameters it uses, and only those: a statement must use every one it is given.
 */
export interface VisibleIds {
  pods(): string;
  /** The condition pods() selects by, on a pod table named `t`. */
  podWhere(): string;
  areas(): string;
  locations(): string;
}

/**
 * Built on the CRUD scope clause (the one place scope becomes SQL), plus one dashboard rule: a
 * binding below a node makes that node visible as a container. A role bound to one area sees its
 * location's card, counting only that area and its pods; the readings are always those of visible
 * pods only. Each subquery names its table `t`, as the scope clause expects.
 */
export function visibleIds(scope: Scope, params: SqlParam[]): VisibleIds {
  const clause = (name: ResourceName) => scopeClause(compileSelect(getResource(name)), scope, params) ?? 'TRUE';
  const podWhere = () => clause('pod');
  const pods = () => `SELECT t.id FROM pod t WHERE ${podWhere()}`;
  const areas = () =>
    `SELECT t.id FROM area t WHERE ${clause('area')} OR t.id IN (SELECT t.area_id FROM pod t WHERE ${podWhere()})`;
  const locations = () =>
    `SELECT t.id FROM location t WHERE ${clause('location')} OR t.id IN (SELECT t.location_id FROM area t WHERE t.id IN (${areas()}))`;
  return { pods, podWhere, areas, locations };
}

/**
 * The locations or areas every pod of which the caller sees (bound at the place or above it): the scope
 * clause alone, without the dashboard's rule for bindings below, as a subquery yielding `id`.
 */
export function whollyVisibleSql(scope: Scope, table: 'location' | 'area', params: SqlParam[]): string {
  return `SELECT t.id FROM ${table} t WHERE ${scopeClause(compileSelect(getResource(table)), scope, params) ?? 'TRUE'}`;
}

export interface PlaceFilter {
  /** A client's dashboard (its shortcode link): only that client's places. */
  clientId?: number | undefined;
  locationId?: number | undefined;
  areaId?: number | undefined;
  podId?: number | undefined;
}

/**
 * Checks that each id of the filter is visible and that they nest (the pod in the area, the area
 * in the location). Anything else answers 404, exactly as a missing id does (docs/domain.md#scope).
 */
export async function checkPlaces(db: Queryable, scope: Scope, f: PlaceFilter): Promise<void> {
  const check = async (
    table: 'client' | 'location' | 'area' | 'pod',
    id: number | undefined,
    parents: Record<string, number | undefined>,
  ) => {
    if (id === undefined) return;
    const params: SqlParam[] = [];
    const visible = visibleIds(scope, params);
    params.push(id);
    const where = [`t.id = $${params.length}`, `t.id IN (${visibleSql(table, visible)})`];
    for (const [column, value] of Object.entries(parents)) {
      if (value === undefined) continue;
      params.push(value);
      where.push(`t.${column} = $${params.length}`);
    }
    const rows = await db.query(`SELECT 1 FROM ${table} t WHERE ${where.join(' AND ')}`, params);
    if (rows.length === 0) throw notFound(table[0]?.toUpperCase() + table.slice(1));
  };
  // At once, and the first refused in this order is the answer (a missing location before its area).
  const checks = await Promise.allSettled([
    check('client', f.clientId, {}),
    check('location', f.locationId, { client_id: f.clientId }),
    check('area', f.areaId, { location_id: f.locationId, client_id: f.clientId }),
    check('pod', f.podId, { area_id: f.areaId, location_id: f.locationId, client_id: f.clientId }),
  ]);
  for (const c of checks) if (c.status === 'rejected') throw c.reason;
}

/** The client a shortcode link names, when the caller sees one of its places; undefined otherwise. */
export async function dashboardClient(
  db: Queryable,
  scope: Scope,
  groupShortcode: string,
  clientShortcode: string,
): Promise<{ id: number; title: string } | undefined> {
  const params: SqlParam[] = [groupShortcode, clientShortcode];
  const visible = visibleSql('client', visibleIds(scope, params));
  const [client] = await db.query<{ id: number; title: string }>(
    `SELECT t.id, t.title FROM client t JOIN app_group g ON g.id = t.group_id
     WHERE g.shortcode = $1 AND t.shortcode = $2 AND t.id IN (${visible})`,
    params,
  );
  return client;
}

// A client is visible on a dashboard when one of its locations is (a binding below it counts, as for
// the other containers).
const visibleSql = (table: 'client' | 'location' | 'area' | 'pod', v: VisibleIds) =>
  table === 'client'
    ? `SELECT t.client_id FROM location t WHERE t.id IN (${v.locations()})`
    : table === 'pod'
      ? v.pods()
      : table === 'area'
        ? v.areas()
        : v.locations();

/** A pod `t` that is indoor, or in an area without indoor pods (a site's "Outdoor" area: its card is the weather). */
export const INDOOR_OR_ALL_OUTDOOR_AREA =
  '(NOT t.outdoor OR NOT EXISTS (SELECT 1 FROM pod i WHERE i.area_id = t.area_id AND NOT i.outdoor))';

/**
 * The visible pods under a filter (all visible pods without one), as a subquery yielding `id`. `indoorOnly`
 * (the charts' averages) leaves outdoor pods out unless the filter names the pod or an area of outdoor pods only.
 */
export function podsUnderSql(
  scope: Scope,
  f: PlaceFilter,
  params: SqlParam[],
  opts: { indoorOnly?: boolean } = {},
): string {
  return `SELECT t.id FROM pod t WHERE ${podsUnderWhere(scope, f, params, opts)}`;
}

/**
 * A chart's pods under a filter (indoor only, as podsUnderWhere's `indoorOnly`) and the locations all of whose
 * indoor pods they are: the locations the caller sees whole (bound at the location or above) that the filter
 * takes whole (no area or pod named). Decided from the places, not by counting each location's pods.
 */
export function chartPods(scope: Scope, f: PlaceFilter): PodSet {
  return {
    where: (params) => podsUnderWhere(scope, f, params, { indoorOnly: true }),
    wholeLocations: (params) => {
      if (f.areaId !== undefined || f.podId !== undefined) return 'SELECT NULL::int AS id WHERE false';
      const where = [`t.id IN (${whollyVisibleSql(scope, 'location', params)})`];
      if (f.clientId !== undefined) where.push(`t.client_id = $${params.push(f.clientId)}`);
      if (f.locationId !== undefined) where.push(`t.id = $${params.push(f.locationId)}`);
      return `SELECT t.id FROM location t WHERE ${where.join(' AND ')}`;
    },
  };
}

/** podsUnderSql's condition alone, on a pod row named `t` (a statement that wants more of the pod than its id). */
export function podsUnderWhere(scope: Scope, f: PlaceFilter, params: SqlParam[], { indoorOnly = false } = {}): string {
  // Performance (docs/performance.md#charts-of-whole-places-the-pod-set): the scope's condition on `t` itself, not
  // `t.id IN (SELECT t.id FROM pod t WHERE ...)`, which PostgreSQL ran as a join of the pod table with itself.
  const where = [visibleIds(scope, params).podWhere()];
  const add = (column: string, value: number | undefined) => {
    if (value === undefined) return;
    params.push(value);
    where.push(`t.${column} = $${params.length}`);
  };
  add('client_id', f.clientId);
  add('location_id', f.locationId);
  add('area_id', f.areaId);
  add('id', f.podId);
  // Outdoor pods measure the weather: out of every average but their own (docs/domain.md#consumption).
  if (indoorOnly && f.podId === undefined)
    where.push(f.areaId === undefined ? 'NOT t.outdoor' : INDOOR_OR_ALL_OUTDOOR_AREA);
  return where.join(' AND ');
}
