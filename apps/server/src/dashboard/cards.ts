import type { Scope } from '@greenpod/contracts';
import type { Queryable, SqlParam } from '../db/database';
import { type PlaceFilter, visibleIds } from './dashboard-scope';
import { sumsByPod } from './readings-query';
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

  const [count] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${def.table} t WHERE ${whereSql}`, params);
  const rows = await db.query<{ id: number; title: string; podTitle?: string; areaTitle?: string; locationTitle?: string }>(
    `SELECT t.id, t.title, ${def.titles} FROM ${def.table} t ${def.joins} WHERE ${whereSql}
     ORDER BY t.title ${q.direction}, t.id ${q.direction} LIMIT ${q.limit} OFFSET ${q.skip}`,
    params,
  );
  const ids = rows.map((r) => r.id);
  const { pods, areaCounts } = await podsOfCards(db, scope, level, ids);
  const sums = await sumsByPod(db, [...pods.keys()], q.window);

  const results = rows.map((row): Card => {
    const cardPods = [...pods.entries()].filter(([, p]) => p.card === row.id);
    const podIds = new Set(cardPods.map(([id]) => id));
    return {
      ...row,
      areaCount: level === 'location' ? (areaCounts.get(row.id) ?? 0) : 1,
      podCount: podIds.size,
      score: null,
      readings: meanReadings(
        sums.filter((s) => podIds.has(s.podId)),
        (podId) => pods.get(podId)?.voltage ?? 0,
      ),
    };
  });
  return { results, total: count?.total ?? 0 };
}

/** The visible pods of each card, and for location cards the number of visible areas. */
async function podsOfCards(db: Queryable, scope: Scope, level: Level, cardIds: number[]) {
  const column = LEVELS[level].podColumn;
  const podParams: SqlParam[] = [cardIds];
  const podRows = await db.query<{ id: number; card: number; voltage: number }>(
    `SELECT t.id, t.${column} AS card, t.voltage FROM pod t WHERE t.${column} = ANY($1::int[]) AND t.id IN (${visibleIds(scope, podParams).pods()})`,
    podParams,
  );
  const areaCounts = new Map<number, number>();
  if (level === 'location') {
    const areaParams: SqlParam[] = [cardIds];
    const rows = await db.query<{ card: number; n: number }>(
      `SELECT t.location_id AS card, count(*)::int AS n FROM area t WHERE t.location_id = ANY($1::int[]) AND t.id IN (${visibleIds(scope, areaParams).areas()}) GROUP BY 1`,
      areaParams,
    );
    for (const r of rows) areaCounts.set(r.card, r.n);
  }
  return { pods: new Map(podRows.map((p) => [p.id, p])), areaCounts };
}

/**
 * Per sensor type: the mean of every reading of the card's pods (sum over count, not a mean of
 * pod means), and the mean voltage of the pods that contributed readings of that type, since it
 * is those readings the voltage converts (electricity = 12 x reading x voltage / 1000).
 */
export function meanReadings(sums: readonly { podId: number; sensorType: string; n: number; s: number }[], voltageOf: (podId: number) => number): CardReading[] {
  const byType = new Map<string, { n: number; s: number; volts: number[] }>();
  for (const x of sums) {
    const acc = byType.get(x.sensorType) ?? { n: 0, s: 0, volts: [] };
    acc.n += x.n;
    acc.s += x.s;
    acc.volts.push(voltageOf(x.podId));
    byType.set(x.sensorType, acc);
  }
  return [...byType.entries()]
    .filter(([, a]) => a.n > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([sensorType, a]) => ({
      sensorType,
      avg: a.s / a.n,
      voltage: a.volts.reduce((x, y) => x + y, 0) / a.volts.length,
    }));
}
