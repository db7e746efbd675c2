import {
  CITY_TIME_ZONES,
  OUTDOOR_SCORE_REASON,
  type ScoreAnswer,
  type ScoreLevel,
  type ScorePartAnswer,
} from '@greenpod/contracts';
import type { Queryable } from '../db/database';
import {
  addSums,
  COMFORT,
  completenessOf,
  DEFAULT_OCCUPIED_FROM_HOUR,
  DEFAULT_OCCUPIED_TO_HOUR,
  emptySums,
  occupancyNote,
  partsOf,
  SCORE_DAYS,
  type ScoreSums,
  scoreOf,
} from './score-parts';

/**
 * Computes green scores (docs/domain.md#green-score) from the hourly rollups and the saving table (never the
 * raw readings) and stores one green_score row per scope. One client at a time: three statements give each
 * of its pods' sums, and the areas, locations and the client add their pods' sums up.
 */

export interface ComputeScoresOptions {
  now?: Date;
  /** Store only these levels (default: all four). */
  levels?: readonly ScoreLevel[];
  /** With `levels`: only the scopes with these ids (and only the pods under them are read). */
  ids?: readonly number[];
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const DEACTIVATED_SCORE_REASON = 'Deactivated pod: it sends no readings';

type PodRow = {
  id: number;
  client_id: number;
  location_id: number;
  area_id: number;
  outdoor: boolean;
  active: boolean;
  city: string;
  voltage: number;
};

interface ScopeRow {
  level: ScoreLevel;
  id: number;
  answer: Omit<ScoreAnswer, 'computed'>;
}

/** The window: the 30 days of whole hours before `now`. */
export function scoreWindow(now: Date) {
  const to = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const from = new Date(to.getTime() - SCORE_DAYS * 24 * HOUR_MS);
  return { from, to, hours: SCORE_DAYS * 24 };
}

const CITY_ZONE_PARAMS = [Object.keys(CITY_TIME_ZONES), Object.values(CITY_TIME_ZONES)];

/** Computes and stores the scores; returns how many rows were written. */
export async function computeScores(db: Queryable, opts: ComputeScoresOptions = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const levels = opts.levels ?? (['client', 'location', 'area', 'pod'] as const);
  const only = opts.ids ? new Set(opts.ids) : undefined;
  const wanted = (level: ScoreLevel, id: number) => levels.includes(level) && (!only || only.has(id));

  // Which pods to read: with ids, only those under the scopes asked for; else every pod.
  const filter = opts.ids
    ? `WHERE ${levels.map((l) => (l === 'pod' ? 'p.id' : `p.${l}_id`)).join(' = ANY($1::int[]) OR ')} = ANY($1::int[])`
    : '';
  const pods = await db.query<PodRow>(
    `SELECT p.id, p.client_id, p.location_id, p.area_id, p.outdoor, p.active, l.city, p.voltage
     FROM pod p JOIN location l ON l.id = p.location_id ${filter} ORDER BY p.client_id, p.id`,
    opts.ids ? [[...opts.ids]] : [],
  );
  const byClient = new Map<number, PodRow[]>();
  for (const p of pods) byClient.set(p.client_id, [...(byClient.get(p.client_id) ?? []), p]);
  // A client, location or area asked for without pods still gets its row (no data).
  let written = 0;
  for (const [clientId, clientPods] of byClient) {
    const rows = await scoreClient(db, clientId, clientPods, now, wanted);
    written += await storeScores(db, rows, now);
  }
  if (opts.ids) {
    const seen = new Set(
      pods.flatMap((p) => [`client:${p.client_id}`, `location:${p.location_id}`, `area:${p.area_id}`, `pod:${p.id}`]),
    );
    const empty: ScopeRow[] = [];
    for (const level of levels)
      for (const id of opts.ids) if (!seen.has(`${level}:${id}`)) empty.push({ level, id, answer: scoreOf(null, []) });
    written += await storeScores(db, empty, now);
  } else {
    // Scopes left without pods: a row saying there is nothing to score, not a stale one.
    written += await storeEmptyScopes(db, now);
  }
  return written;
}

async function scoreClient(
  db: Queryable,
  clientId: number,
  pods: PodRow[],
  now: Date,
  wanted: (level: ScoreLevel, id: number) => boolean,
): Promise<ScopeRow[]> {
  const scored = pods.filter((p) => !p.outdoor && p.active);
  const ids = scored.map((p) => p.id);
  const sums = new Map<number, ScoreSums>(ids.map((id) => [id, emptySums()]));
  const { from, to, hours } = scoreWindow(now);
  const areasWithMotion = new Set<number>();

  for (const chunk of areaChunks(scored)) await podSums(db, chunk, from, to, hours, sums, areasWithMotion);
  if (ids.length > 0) {
    // Energy: the claimed savings whose periods lie in the window, one period type per pod and sensor type
    // (the finest it has: days, else weeks, else months), so overlapping periods are not counted twice.
    const savings = await db.query<{ pod_id: number; sensor_type: string; avoided: number; expected: number }>(
      `SELECT pod_id, sensor_type, sum(avoided)::float8 AS avoided, sum(expected)::float8 AS expected
       FROM (SELECT s.pod_id, s.sensor_type, s.avoided, s.expected,
                    rank() OVER (PARTITION BY s.pod_id, s.sensor_type
                                 ORDER BY CASE s.type WHEN 'DAILY' THEN 1 WHEN 'WEEKLY' THEN 2 ELSE 3 END) AS r
             FROM saving s
             WHERE s.client_id = $4 AND s.pod_id = ANY($1::int[]) AND s.status IN ('claimed', 'tariff')
               AND s.period_start >= $2::date AND s.period_end < $3::date
               AND s.expected > 0 AND s.avoided IS NOT NULL) x
       WHERE r = 1 GROUP BY 1, 2`,
      [ids, isoDate(from), isoDate(to), clientId],
    );
    for (const r of savings) {
      const s = sums.get(r.pod_id);
      if (s) s.savings[r.sensor_type] = { avoided: r.avoided, expected: r.expected };
    }
  }

  // Each scope: its indoor, active pods' sums added up.
  const rows: ScopeRow[] = [];
  const zoneOf = (p: PodRow) => (CITY_TIME_ZONES as Record<string, string>)[p.city] ?? 'UTC';
  const scopeOf = (level: ScoreLevel, id: number, members: PodRow[]) => {
    if (!wanted(level, id)) return;
    const total = emptySums();
    for (const p of members) {
      const s = sums.get(p.id);
      if (s) addSums(total, s);
    }
    const indoor = members.filter((p) => sums.has(p.id));
    const areas = new Map(indoor.map((p) => [p.area_id, p]));
    const without = [...areas.values()].filter((p) => !areasWithMotion.has(p.area_id));
    const note = occupancyNote(without.length, areas.size, without.map(zoneOf));
    const parts: ScorePartAnswer[] = partsOf(total, note);
    rows.push({ level, id, answer: scoreOf(completenessOf(total.readings, total.expectedReadings), parts) });
  };
  const group = (key: (p: PodRow) => number) => {
    const m = new Map<number, PodRow[]>();
    for (const p of pods) m.set(key(p), [...(m.get(key(p)) ?? []), p]);
    return m;
  };
  scopeOf('client', clientId, pods);
  for (const [id, members] of group((p) => p.location_id)) scopeOf('location', id, members);
  for (const [id, members] of group((p) => p.area_id)) scopeOf('area', id, members);
  for (const p of pods) {
    if (!wanted('pod', p.id)) continue;
    if (p.outdoor || !p.active) {
      const reason = p.outdoor ? OUTDOOR_SCORE_REASON : DEACTIVATED_SCORE_REASON;
      rows.push({ level: 'pod', id: p.id, answer: { stars: null, reason, completeness: null, parts: [] } });
    } else scopeOf('pod', p.id, [p]);
  }
  return rows;
}

/** Pods in slices of whole areas (an area's occupancy needs all its pods), about CHUNK_PODS at a time. */
const CHUNK_PODS = 25;
function areaChunks(pods: PodRow[]): PodRow[][] {
  const byArea = new Map<number, PodRow[]>();
  for (const p of pods) byArea.set(p.area_id, [...(byArea.get(p.area_id) ?? []), p]);
  const chunks: PodRow[][] = [];
  let current: PodRow[] = [];
  for (const members of byArea.values()) {
    if (current.length > 0 && current.length + members.length > CHUNK_PODS) {
      chunks.push(current);
      current = [];
    }
    current.push(...members);
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/**
 * Completeness, comfort and waste sums of a slice of pods (two statements), so that no statement holds the
 * database for a whole estate's 30 days.
 */
async function podSums(
  db: Queryable,
  scored: PodRow[],
  from: Date,
  to: Date,
  hours: number,
  sums: Map<number, ScoreSums>,
  areasWithMotion: Set<number>,
) {
  const ids = scored.map((p) => p.id);
  // Completeness: the readings of the sensor types each pod carries, at most 12 an hour counted: the whole
  // UTC days of the window from the daily rollups (at most 288 a day), the hours at its two ends from the hourly.
  const dayFrom = new Date(Math.ceil(from.getTime() / DAY_MS) * DAY_MS);
  const dayTo = new Date(Math.max(dayFrom.getTime(), Math.floor(to.getTime() / DAY_MS) * DAY_MS));
  const carried = await db.query<{ pod_id: number; types: number; motion: boolean; readings: number }>(
    `WITH c AS (SELECT ps.pod_id, array_agg(DISTINCT s.type) AS types
                FROM pod_sensor ps JOIN sensor s ON s.id = ps.sensor_id
                WHERE ps.pod_id = ANY($1::int[]) GROUP BY 1)
     SELECT c.pod_id, cardinality(c.types) AS types, 'MOTION' = ANY(c.types) AS motion,
            (coalesce((SELECT sum(least(d.count, 288)) FROM measurement_daily d
                       WHERE d.pod_id = c.pod_id AND d.bucket >= $4 AND d.bucket < $5
                         AND d.sensor_type = ANY(c.types)), 0)
             + coalesce((SELECT sum(least(h.count, 12)) FROM measurement_hourly h
                         WHERE h.pod_id = c.pod_id AND ((h.bucket >= $2 AND h.bucket < $4) OR (h.bucket >= $5 AND h.bucket < $3))
                           AND h.sensor_type = ANY(c.types)), 0))::float8 AS readings
     FROM c`,
    [ids, from, to, dayFrom, dayTo],
  );
  const areaOf = new Map(scored.map((p) => [p.id, p.area_id]));
  for (const r of carried) {
    const s = sums.get(r.pod_id);
    if (!s) continue;
    s.readings = r.readings;
    s.expectedReadings = r.types * hours * 12;
    const area = areaOf.get(r.pod_id);
    if (r.motion && area !== undefined) areasWithMotion.add(area);
  }

  const hourly = await podHourSums(db, ids, from, to, [...areasWithMotion]);
  const voltageOf = new Map(scored.map((p) => [p.id, p.voltage]));
  for (const r of hourly) {
    const s = sums.get(r.podId);
    if (!s) continue;
    s.occupiedHours = r.occupiedHours;
    s.comfortableHours = r.comfortableHours;
    const kwh = (sum: number | null) => ((sum ?? 0) * Number(voltageOf.get(r.podId) ?? 0)) / 1000;
    // A negative electricity sum (a meter fed back) leaves the part out rather than flip its share.
    s.electricity = Math.max(0, kwh(r.electricity));
    s.emptyElectricity = Math.min(s.electricity, Math.max(0, kwh(r.emptyElectricity)));
  }
}

/** Per pod over [from, to): occupied and comfortable hours, and the sums of electricity and water readings. */
export type PodHourSums = {
  podId: number;
  occupiedHours: number;
  comfortableHours: number;
  /** Sums of readings (ampere-hours, litres), in all hours and in unoccupied ones; null without readings. */
  electricity: number | null;
  emptyElectricity: number | null;
  water: number | null;
  emptyWater: number | null;
};

/**
 * Comfort and waste, pod-hour by pod-hour from the hourly rollups (docs/domain.md#green-score): an hour is occupied
 * when a pod of the area saw motion in it (hourly max >= 1), or, in an area without a motion sensor (not in
 * `areasWithMotion`), from 07:00 to 22:00 local time. The score and the report's use while empty both read this.
 */
export async function podHourSums(
  db: Queryable,
  ids: readonly number[],
  from: Date,
  to: Date,
  areasWithMotion: readonly number[],
): Promise<PodHourSums[]> {
  return db.query<PodHourSums>(
    `WITH pods AS MATERIALIZED (
       SELECT p.id, p.area_id, coalesce(z.zone, 'UTC') AS zone, p.area_id = ANY($4::int[]) AS motion
       FROM pod p JOIN location l ON l.id = p.location_id
       LEFT JOIN unnest($5::text[], $6::text[]) AS z(city, zone) ON z.city = l.city
       WHERE p.id = ANY($1::int[])
     ), h AS MATERIALIZED (
       SELECT h.pod_id, h.bucket, h.sensor_type, h.sum / h.count AS mean, h.sum, h.max
       FROM measurement_hourly h
       WHERE h.pod_id = ANY($1::int[]) AND h.bucket >= $2 AND h.bucket < $3 AND h.count > 0
         AND h.sensor_type IN ('MOTION', 'TEMPERATURE', 'HUMIDITY', 'AIR_QUALITY', 'ELECTRICITY', 'WATER_FLOW')
     ), seen AS (
       SELECT DISTINCT p.area_id, h.bucket FROM h JOIN pods p ON p.id = h.pod_id
       WHERE h.sensor_type = 'MOTION' AND h.max >= 1
     ), ph AS (
       SELECT h.pod_id, h.bucket,
              bool_and(CASE h.sensor_type
                         WHEN 'TEMPERATURE' THEN h.mean BETWEEN ${COMFORT.minC} AND ${COMFORT.maxC}
                         WHEN 'HUMIDITY' THEN h.mean BETWEEN ${COMFORT.minRh} AND ${COMFORT.maxRh}
                         WHEN 'AIR_QUALITY' THEN h.mean <= ${COMFORT.maxIaq} END) AS comfortable,
              bool_or(h.sensor_type IN ('TEMPERATURE', 'HUMIDITY', 'AIR_QUALITY')) AS comfort_measured,
              sum(h.sum) FILTER (WHERE h.sensor_type = 'ELECTRICITY') AS electricity,
              sum(h.sum) FILTER (WHERE h.sensor_type = 'WATER_FLOW') AS water
       FROM h GROUP BY 1, 2
     ), o AS (
       SELECT ph.*,
              CASE WHEN p.motion THEN seen.area_id IS NOT NULL
                   ELSE extract(hour FROM ph.bucket AT TIME ZONE p.zone)
                        BETWEEN ${DEFAULT_OCCUPIED_FROM_HOUR} AND ${DEFAULT_OCCUPIED_TO_HOUR - 1} END AS occupied
       FROM ph JOIN pods p ON p.id = ph.pod_id
       LEFT JOIN seen ON seen.area_id = p.area_id AND seen.bucket = ph.bucket
     )
     SELECT pod_id AS "podId",
            count(*) FILTER (WHERE occupied AND comfort_measured)::int AS "occupiedHours",
            count(*) FILTER (WHERE occupied AND comfort_measured AND comfortable)::int AS "comfortableHours",
            sum(electricity)::float8 AS electricity,
            coalesce(sum(electricity) FILTER (WHERE NOT occupied), 0)::float8 AS "emptyElectricity",
            sum(water)::float8 AS water,
            coalesce(sum(water) FILTER (WHERE NOT occupied), 0)::float8 AS "emptyWater"
     FROM o GROUP BY pod_id`,
    [[...ids], from, to, [...areasWithMotion], ...CITY_ZONE_PARAMS],
  );
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

async function storeScores(db: Queryable, rows: ScopeRow[], now: Date): Promise<number> {
  // In slices: a 1,000-pod client's rows in a few statements, never one per row.
  for (let i = 0; i < rows.length; i += 500) {
    const slice = rows.slice(i, i + 500);
    await db.query(
      `INSERT INTO green_score (level, id, stars, reason, completeness, parts, computed)
       SELECT x.level, x.id, x.stars, x.reason, x.completeness, x.parts, $2
       FROM jsonb_to_recordset($1::jsonb) AS x(level text, id int, stars int, reason text, completeness float8, parts jsonb)
       ON CONFLICT (level, id) DO UPDATE SET stars = excluded.stars, reason = excluded.reason,
         completeness = excluded.completeness, parts = excluded.parts, computed = excluded.computed`,
      [
        JSON.stringify(
          slice.map((r) => ({
            level: r.level,
            id: r.id,
            stars: r.answer.stars,
            reason: r.answer.reason,
            completeness: r.answer.completeness,
            parts: r.answer.parts,
          })),
        ),
        now,
      ],
    );
  }
  return rows.length;
}

/** Clients, locations and areas without a pod, and rows of scopes that are gone. */
async function storeEmptyScopes(db: Queryable, now: Date): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `WITH empty AS (
       SELECT 'client' AS level, c.id FROM client c WHERE NOT EXISTS (SELECT 1 FROM pod p WHERE p.client_id = c.id)
       UNION ALL SELECT 'location', l.id FROM location l WHERE NOT EXISTS (SELECT 1 FROM pod p WHERE p.location_id = l.id)
       UNION ALL SELECT 'area', a.id FROM area a WHERE NOT EXISTS (SELECT 1 FROM pod p WHERE p.area_id = a.id)
     ), ins AS (
       INSERT INTO green_score (level, id, stars, reason, completeness, parts, computed)
       SELECT level, id, NULL, $1, NULL, '[]', $2 FROM empty
       ON CONFLICT (level, id) DO UPDATE SET stars = NULL, reason = excluded.reason, completeness = NULL,
         parts = '[]', computed = excluded.computed
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM ins`,
    [scoreOf(null, []).reason, now],
  );
  await db.query(
    `DELETE FROM green_score g WHERE NOT EXISTS (
       SELECT 1 FROM client c WHERE g.level = 'client' AND c.id = g.id
       UNION ALL SELECT 1 FROM location l WHERE g.level = 'location' AND l.id = g.id
       UNION ALL SELECT 1 FROM area a WHERE g.level = 'area' AND a.id = g.id
       UNION ALL SELECT 1 FROM pod p WHERE g.level = 'pod' AND p.id = g.id)`,
  );
  return row?.n ?? 0;
}
