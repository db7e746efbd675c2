import type { Scope } from '@greenpod/contracts';
import type { Queryable, SqlParam } from '../db/database';
import { type PlaceFilter, visibleIds } from './dashboard-scope';
import { podSumsSql } from './readings-query';
import type { TimeWindow } from './window';

export interface CardReading {
  sensorType: string;
  avg: number;
  voltage: number;
}
export interface Card {
  id: number;
  title: string;
  podTitle?: string;
  areaTitle?: string;
  locationTitle?: string;
  areaCount: number;
  podCount: number;
  /** The green score arrives with savings (a later issue): null shows as N/A, never a made-up number. */
  score: number | null;
  readings: CardReading[];
}

type Level = 'location' | 'area' | 'pod';

// What one card is at each level: its table, its titles, and which pod column places a pod in it.
const LEVELS: Record<Level, { table: string; titles: string; joins: string; podColumn: string }> = {
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
export function levelOf(f: PlaceFilter): Level {
  if (f.podId !== undefined || f.areaId !== undefined) return 'pod';
  return f.locationId !== undefined ? 'area' : 'location';
}

/** One page of cards with their counts and mean readings; the filter's ids are already checked. */
export async function listCards(db: Queryable, scope: Scope, q: CardQuery): Promise<{ results: Card[]; total: number }> {
  const level = levelOf(q.filter);
  const def = LEVELS[level];
  const params: SqlParam[] = [];
  const visible = visibleIds(scope, params);
  const where = [`t.id IN (${level === 'location' ? visible.locations() : level === 'area' ? visible.areas() : visible.pods()})`];
  const add = (sql: string, value: SqlParam) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (level === 'area' && q.filter.locationId !== undefined) add('t.location_id = ?', q.filter.locationId);
  if (level === 'pod' && q.filter.areaId !== undefined) add('t.area_id = ?', q.filter.areaId);
  if (level === 'pod' && q.filter.podId !== undefined) add('t.id = ?', q.filter.podId);
  if (q.search) add('t.title ILIKE ?', `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const whereSql = where.join(' AND ');
  const whereParams = [...params];

  // Performance (bench/query): two statements, not five; on a live window the round trips were
  // most of the time. The page carries its total and counts; the second reads the sums of the
  // page's visible pods, found inside the statement.
  const areaCount = level === 'location' ? `(SELECT count(*)::int FROM area a WHERE a.location_id = t.id AND a.id IN (${visible.areas()}))` : '1';
  const podCount = `(SELECT count(*)::int FROM pod p WHERE p.${def.podColumn} = t.id AND p.id IN (${visible.pods()}))`;
  const rows = await db.query<Omit<Card, 'score' | 'readings'> & { total: number }>(
    `SELECT t.id, t.title, ${def.titles}, ${areaCount} AS "areaCount", ${podCount} AS "podCount", count(*) OVER ()::int AS total
     FROM ${def.table} t ${def.joins} WHERE ${whereSql}
     ORDER BY t.title ${q.direction}, t.id ${q.direction} LIMIT ${q.limit} OFFSET ${q.skip}`,
    params,
  );
  const total = rows[0]?.total ?? (q.skip > 0 ? ((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${def.table} t WHERE ${whereSql}`, whereParams))[0]?.n ?? 0) : 0);
  const sums = await cardSums(db, scope, level, rows.map((r) => r.id), q.window, q.now ?? new Date());
  const results = rows.map(({ total: _, ...row }): Card => ({
    ...row,
    score: null,
    readings: meanReadings(sums.filter((x) => x.card === row.id)),
  }));
  return { results, total };
}

/** Count and sum per visible pod of the cards and sensor type, with the pod's card and voltage. */
async function cardSums(db: Queryable, scope: Scope, level: Level, cardIds: number[], window: TimeWindow, now: Date) {
  if (cardIds.length === 0 || window.to <= window.from) return [];
  const column = LEVELS[level].podColumn;
  const params: SqlParam[] = [cardIds];
  const pods = `SELECT t.id, t.${column} AS card, t.voltage FROM pod t WHERE t.${column} = ANY($1::int[]) AND t.id IN (${visibleIds(scope, params).pods()})`;
  return db.query<{ card: number; voltage: number; sensorType: string; n: number; s: number }>(
    `WITH p AS MATERIALIZED (${pods})
     SELECT p.card, p.voltage, u.sensor_type AS "sensorType", u.n, u.s
     FROM (${podSumsSql(window, now, params, 'ARRAY(SELECT id FROM p)')}) u JOIN p ON p.id = u.pod_id`,
    params,
  );
}

/**
 * Per sensor type: the mean of every reading of the card's pods (sum over count, not a mean of
 * pod means), and the mean voltage of the pods that contributed readings of that type, since it
 * is those readings the voltage converts (electricity = 12 x reading x voltage / 1000).
 */
export function meanReadings(sums: readonly { voltage: number; sensorType: string; n: number; s: number }[]): CardReading[] {
  const byType = new Map<string, { n: number; s: number; volts: number[] }>();
  for (const x of sums) {
    // Subtracted rollup rows can leave a pod with nothing in the window: it did not contribute.
    if (x.n <= 0) continue;
    const acc = byType.get(x.sensorType) ?? { n: 0, s: 0, volts: [] };
    acc.n += x.n;
    acc.s += x.s;
    acc.volts.push(x.voltage);
    byType.set(x.sensorType, acc);
  }
  return [...byType.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([sensorType, a]) => ({
      sensorType,
      avg: a.s / a.n,
      voltage: a.volts.reduce((x, y) => x + y, 0) / a.volts.length,
    }));
}
