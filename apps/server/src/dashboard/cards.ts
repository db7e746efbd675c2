import { type DashboardCard, OUTDOOR_SCORE_REASON, type Scope, type TimeWindow } from '@greenpod/contracts';
import type { Queryable, SqlParam } from '../db/database';
import { cardReadingsSql } from './card-readings';
import { INDOOR_OR_ALL_OUTDOOR_AREA, type PlaceFilter, visibleIds } from './dashboard-scope';

/** A card as listCards reads it; the routes add each card's limits (contracts' dashboardCardSchema). */
export type Card = Omit<DashboardCard, 'notificationMargin' | 'limits'>;

/** Which places one card stands for: a location, an area or a pod (the filter decides). */
export type CardLevel = 'location' | 'area' | 'pod';

// What one card is at each level: its table, its titles, and which pod column places a pod in it.
const CARD_LEVELS: Record<CardLevel, { table: string; titles: string; joins: string; podColumn: string }> = {
  location: { table: 'location', titles: 't.title AS "locationTitle"', joins: '', podColumn: 'location_id' },
  area: {
    table: 'area',
    titles: 't.title AS "areaTitle", l.title AS "locationTitle"',
    joins: 'JOIN location l ON l.id = t.location_id',
    podColumn: 'area_id',
  },
  pod: {
    table: 'pod',
    titles: 't.title AS "podTitle", a.title AS "areaTitle", l.title AS "locationTitle"',
    joins: 'JOIN area a ON a.id = t.area_id JOIN location l ON l.id = t.location_id',
    podColumn: 'id',
  },
};

export interface CardQuery {
  filter: PlaceFilter;
  window: TimeWindow;
  skip: number;
  limit: number;
  search?: string | undefined;
  direction: 'ASC' | 'DESC';
  /** The instant the window was resolved at (defaults to the call's): steers which rollup rows are read. */
  now?: Date;
}

/** Locations at the root, the areas of a location, the pods of an area (or the one pod asked for). */
export function cardLevelOf(f: PlaceFilter): CardLevel {
  if (f.podId !== undefined || f.areaId !== undefined) return 'pod';
  return f.locationId !== undefined ? 'area' : 'location';
}

/**
 * One page of cards with their counts and mean readings, of what the scope shows only: the caller checks the filter's
 * ids (checkPlaces), at the same time or before.
 */
export async function listCards(
  db: Queryable,
  scope: Scope,
  q: CardQuery,
): Promise<{ results: Card[]; total: number }> {
  const level = cardLevelOf(q.filter);
  const def = CARD_LEVELS[level];
  const params: SqlParam[] = [];
  const visible = visibleIds(scope, params);
  const where = [
    `t.id IN (${level === 'location' ? visible.locations() : level === 'area' ? visible.areas() : visible.pods()})`,
  ];
  const add = (sql: string, value: SqlParam) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (q.filter.clientId !== undefined) add('t.client_id = ?', q.filter.clientId);
  if (level === 'area' && q.filter.locationId !== undefined) add('t.location_id = ?', q.filter.locationId);
  if (level === 'pod' && q.filter.areaId !== undefined) add('t.area_id = ?', q.filter.areaId);
  if (level === 'pod' && q.filter.podId !== undefined) add('t.id = ?', q.filter.podId);
  if (q.search) add('t.title ILIKE ?', `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const whereSql = where.join(' AND ');
  const whereParams = [...params];
  // The page as parameters: one prepared statement serves every page.
  const page = `LIMIT $${params.push(q.limit)} OFFSET $${params.push(q.skip)}`;

  // Performance (bench/query): one statement, not five; on a live window the round trips were
  // most of the time. The page carries its total and counts, and each card its readings: per
  // sensor type the mean of every reading of the card's visible pods (sum over count, not a mean
  // of pod means) and the mean voltage of the pods behind them, as it is those readings the voltage
  // converts (electricity = 12 x reading x voltage / 1000); cardReadingsSql says where they come from.
  // Performance (bench/query, 1,000 pods): a caller who sees everything is not tested pod by pod (the
  // planner joined every pod to each count and to the card's pods).
  const seen = (column: string, ids: () => string) => (scope.all ? 'TRUE' : `${column} IN (${ids()})`);
  const areaCount =
    level === 'location'
      ? `(SELECT count(*)::int FROM area a WHERE a.location_id = t.id AND ${seen('a.id', visible.areas)})`
      : '1';
  const podCount = `(SELECT count(*)::int FROM pod p WHERE p.${def.podColumn} = t.id AND ${seen('p.id', visible.pods)})`;
  const offlinePodCount = `(SELECT count(*)::int FROM pod p JOIN pod_presence pp ON pp.pod_id = p.id AND pp.offline
     WHERE p.${def.podColumn} = t.id AND ${seen('p.id', visible.pods)})`;
  // Averages leave outdoor pods out (they measure the weather), except a pod's own card and an area that holds
  // only outdoor pods (a site's "Outdoor" area), whose card is the weather (docs/domain.md#consumption).
  const indoor = level === 'pod' ? '' : level === 'area' ? `AND ${INDOOR_OR_ALL_OUTDOOR_AREA}` : 'AND NOT t.outdoor';
  // Performance (bench/query, Live cards of 1,000 pods): the card's own condition names its page, so the pods' does
  // not; a second semi join with `page` took 0.5 of a 2.4 ms statement.
  const pods = `${seen('t.id', visible.pods)} ${indoor}`;
  const readings = cardReadingsSql(
    { level, column: def.podColumn, where: pods },
    scope,
    q.window,
    q.now ?? new Date(),
    params,
  );
  // The score is the stored green_score row (docs/domain.md#green-score), read in this same statement: a card
  // never computes one. An outdoor pod has none.
  const rows = await db.query<Card & { total: number; outdoor: boolean }>(
    `WITH page AS MATERIALIZED (
       SELECT t.id, t.title, ${def.titles}, ${areaCount} AS "areaCount", ${podCount} AS "podCount",
              ${offlinePodCount} AS "offlinePodCount", count(*) OVER ()::int AS total,
              gs.stars AS score, gs.reason AS "scoreReason", ${level === 'pod' ? 't.outdoor' : 'false'} AS outdoor
       FROM ${def.table} t ${def.joins} LEFT JOIN green_score gs ON gs.level = '${level}' AND gs.id = t.id
       WHERE ${whereSql}
       ORDER BY t.title ${q.direction}, t.id ${q.direction} ${page}
     ), ${readings}
     SELECT page.*, coalesce((SELECT json_agg(json_build_object('sensorType', r.sensor_type, 'avg', r.s / r.n, 'voltage', r.voltage))
                              FROM r WHERE r.card = page.id), '[]') AS readings
     FROM page ORDER BY page.title ${q.direction}, page.id ${q.direction}`,
    params,
    { prepare: true },
  );
  const total =
    rows[0]?.total ??
    (q.skip > 0
      ? ((
          await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${def.table} t WHERE ${whereSql}`, whereParams)
        )[0]?.n ?? 0)
      : 0);
  const results = rows.map(
    ({ total: _, outdoor, ...row }): Card => ({
      ...row,
      ...(outdoor ? { score: null, scoreReason: OUTDOOR_SCORE_REASON } : {}),
      readings: [...row.readings].sort((a, b) => a.sensorType.localeCompare(b.sensorType)),
    }),
  );
  return { results, total };
}
