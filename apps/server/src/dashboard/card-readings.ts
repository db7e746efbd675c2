import type { Scope, TimeWindow } from '@greenpod/contracts';
import type { SqlParam } from '../db/database';
import {
  AREA_ROLLUPS,
  LAST_READINGS,
  LOCATION_ROLLUPS,
  PLACE_STALE,
  type PlaceRollup,
  TYPE_COLUMNS,
} from '../telemetry/rollup-tables';
import { whollyVisibleSql } from './dashboard-scope';
import { placeTerms } from './place-plan';
import { podSumsSql, spansSql } from './readings-query';

type Kind = (typeof TYPE_COLUMNS)[number];
/** A pod of `opened` is summed one by one for this kind. */
const unsure = (c: Kind) => `unsure_${c.type.toLowerCase()}`;

/** The levels a card of whole places reads (ADR 0029); pod cards have none. */
const PLACE_LEVELS: Record<'location' | 'area' | 'pod', readonly PlaceRollup[] | undefined> = {
  location: LOCATION_ROLLUPS,
  area: AREA_ROLLUPS,
  pod: undefined,
};

/** What a card stands for, and which pods (`t`) are its: the indoor pods the caller sees, as a condition. */
export interface CardPods {
  level: 'location' | 'area' | 'pod';
  /** The pod column naming the card (`location_id`, `area_id`, `id`). */
  column: string;
  /**
   * A condition on pod `t` choosing, among the pods of a card of CTE `page`, the card's pods (the ones the caller
   * sees). Every use here names the card first, so it need not say `page` again.
   */
  where: string;
}

/**
 * CTEs ending in `r` (card, sensor_type, n, s, voltage): per card of CTE `page` (id) and sensor type the
 * count and sum of its pods' readings in the window and the mean voltage of the pods that have any.
 *
 * Performance (docs/performance.md#1000-pods-cards-of-whole-places, ADR 0029): a card that shows every
 * indoor pod of its place (`whole`) reads its place's rows, one per bucket, instead of each pod's rollup
 * rows, so its cost does not grow with its pods' readings; the raw readings at the window's ragged ends
 * are read by time. Which of its pods have readings (their voltages make the mean) comes from the bounds
 * on each pod's latest reading, in one pass over the cards' pods: a pod whose latest lies before the
 * window has none, one whose latest lies inside it has some. Only the pods the bounds leave open (a
 * reading after the window's end), and the pods of the other cards, are summed one by one from their
 * own rollups.
 */
export function cardReadingsSql(
  cards: CardPods,
  scope: Scope,
  window: TimeWindow,
  now: Date,
  params: SqlParam[],
): string {
  const { level, column } = cards;
  const levels = PLACE_LEVELS[level];
  const from = `$${params.push(window.from)}::timestamptz`;
  const to = `$${params.push(window.to)}::timestamptz`;
  // Per pod and kind, from the bounds on its latest reading: it has readings in the window, or nobody can tell.
  const has = (c: Kind) => `(l.${c.lo} >= ${from} AND l.${c.hi} < ${to})`;
  const open = (c: Kind) => `(l.${c.hi} >= ${from} AND NOT ${has(c)})`;
  // Places whose rows hold just the card's pods: the caller sees all their pods (bound at the place or
  // above), they have an indoor pod (an area of outdoor pods only shows those, which no rows hold), and
  // their rows are not marked stale. Decided from the places, not by going through their pods.
  const whole = levels
    ? `SELECT page.id FROM page WHERE page.id IN (${whollyVisibleSql(scope, level as 'location' | 'area', params)})
         AND page.id NOT IN (SELECT place_id FROM ${PLACE_STALE} WHERE key = '${column}')
         AND EXISTS (SELECT 1 FROM pod x WHERE x.${column} = page.id AND NOT x.outdoor)`
    : 'SELECT NULL::int AS id WHERE false';
  // Performance (1,000 pods of the bench/query database, back to back: PostgreSQL CPU 1.6-2.0 ms with a
  // FILTER per kind, 1.0-1.3 ms so): whole cards' pods grouped by card, voltage and one state per kind (two bits each:
  // 1 has readings, 2 cannot tell), then the few groups are split into kinds.
  const state = TYPE_COLUMNS.map(
    (c, i) =>
      `CASE WHEN l.${c.hi} IS NULL OR l.${c.hi} < ${from} THEN 0 WHEN ${has(c)} THEN ${1 << (2 * i)} ELSE ${2 << (2 * i)} END`,
  ).join(' + ');
  const openBits = TYPE_COLUMNS.reduce((bits, _, i) => bits | (2 << (2 * i)), 0);
  const kinds = TYPE_COLUMNS.map((c, i) => `('${c.type}', ${2 * i})`).join(', ');
  const perPod = podSumsSql(window, now, params, 'ARRAY(SELECT id FROM opened)');
  const openType = `CASE u.sensor_type ${TYPE_COLUMNS.map((c) => `WHEN '${c.type}' THEN o.${unsure(c)}`).join(' ')} END`;
  const place = levels ? placeSumsSql(levels, window, now, params) : undefined;
  return `whole AS MATERIALIZED (${whole}),
    decided AS MATERIALIZED (
      SELECT card, voltage, state, count(*) AS pods, array_agg(id) FILTER (WHERE state & ${openBits} <> 0) AS open
      FROM (SELECT t.id, t.${column} AS card, t.voltage, ${state} AS state
            FROM pod t LEFT JOIN ${LAST_READINGS} l ON l.pod_id = t.id
            WHERE t.${column} IN (SELECT id FROM whole) AND ${cards.where}) x GROUP BY 1, 2, 3),
    opened AS MATERIALIZED (
      SELECT t.id, t.${column} AS card, t.voltage, false AS whole, ${TYPE_COLUMNS.map((c) => `true AS ${unsure(c)}`).join(', ')}
      FROM pod t WHERE t.${column} IN (SELECT id FROM page WHERE id NOT IN (SELECT id FROM whole)) AND ${cards.where}
      UNION ALL
      SELECT t.id, t.${column}, t.voltage, true, ${TYPE_COLUMNS.map((c) => `coalesce(${open(c)}, false)`).join(', ')}
      FROM pod t LEFT JOIN ${LAST_READINGS} l ON l.pod_id = t.id WHERE t.id IN (SELECT unnest(open) FROM decided)),
    pod_sums AS MATERIALIZED (${perPod}),${
      place
        ? `
    ${place.ctes}`
        : ''
    }
    sums AS (
      SELECT card, sensor_type, sum(n) AS n, sum(s) AS s FROM (
        ${place ? `${place.sql} UNION ALL` : ''}
        SELECT o.card, u.sensor_type, u.n, u.s FROM pod_sums u JOIN opened o ON o.id = u.pod_id WHERE NOT o.whole AND u.n > 0
      ) x GROUP BY 1, 2 HAVING sum(n) > 0),
    volts AS (
      SELECT card, sensor_type, sum(v) AS v, sum(k) AS k FROM (
        SELECT d.card, x.sensor_type, d.voltage * d.pods AS v, d.pods AS k FROM decided d
        CROSS JOIN (VALUES ${kinds}) x(sensor_type, shift) WHERE (d.state >> x.shift) & 3 = 1
        UNION ALL
        SELECT o.card, u.sensor_type, o.voltage, 1 FROM pod_sums u JOIN opened o ON o.id = u.pod_id
        WHERE u.n > 0 AND ${openType}
      ) x GROUP BY 1, 2),
    r AS MATERIALIZED (
      -- avg() of integers is their sum over their count as numeric: the same division, the same mean.
      SELECT s.card, s.sensor_type, s.n, s.s, (v.v::numeric / nullif(v.k, 0)::numeric)::float8 AS voltage
      FROM sums s JOIN volts v ON v.card = s.card AND v.sensor_type = s.sensor_type)`;
}

/**
 * Count and sum per whole card and sensor type: the place rows of placeTerms, each weighted by its
 * term, summed per card and split into sensor types; then the raw readings of the ragged ends (`ctes`
 * precede the statement's `sums`).
 */
function placeSumsSql(levels: readonly PlaceRollup[], window: TimeWindow, now: Date, params: SqlParam[]) {
  const terms = placeTerms(window, now, levels);
  const key = levels[0]?.key as string;
  const weighted = (weight: number) => (weight === 1 ? '' : `${weight} * `);
  const rows: string[] = [];
  const raw: string[] = [];
  for (const term of terms) {
    const sign = weighted(term.weight);
    if (term.level === 'raw') {
      // A location's ends are under a minute: read for all its pods at once through the time index,
      // not one key range per pod. An area's (under an hour, no finer rows) through its pods' keys.
      const pods =
        key === 'location_id'
          ? ''
          : `pod_id = ANY(ARRAY(SELECT id FROM pod WHERE ${key} IN (SELECT id FROM whole) AND NOT outdoor)) AND`;
      raw.push(`SELECT pod_id, sensor_type, ${term.weight}::float8 AS n, ${sign}value AS s FROM measurement
        WHERE ${pods} ${spansSql('created', term.spans, params)} AND EXISTS (SELECT 1 FROM whole)`);
      continue;
    }
    const cells = TYPE_COLUMNS.map((c) => `${sign}${c.n}::float8 AS ${c.n}, ${sign}${c.s} AS ${c.s}`).join(', ');
    rows.push(`SELECT ${key} AS card, ${cells} FROM ${term.level.table}
      WHERE ${key} = ANY(ARRAY(SELECT id FROM whole)) AND ${spansSql('bucket', term.spans, params)}`);
  }
  const unpivot = TYPE_COLUMNS.map((c) => `('${c.type}', w.${c.n}, w.${c.s})`).join(', ');
  const sums = TYPE_COLUMNS.map((c) => `sum(${c.n}) AS ${c.n}, sum(${c.s}) AS ${c.s}`).join(', ');
  const parts: string[] = [];
  if (rows.length)
    parts.push(`SELECT w.card, t.sensor_type, t.n, t.s
      FROM (SELECT card, ${sums} FROM (${rows.join(' UNION ALL ')}) u GROUP BY 1) w
      CROSS JOIN LATERAL (VALUES ${unpivot}) AS t(sensor_type, n, s)`);
  if (raw.length)
    parts.push(`SELECT t.${key} AS card, m.sensor_type, sum(m.n) AS n, sum(m.s) AS s FROM raw_ends m
      JOIN pod t ON t.id = m.pod_id AND NOT t.outdoor AND t.${key} IN (SELECT id FROM whole) GROUP BY 1, 2`);
  return {
    ctes: `raw_ends AS MATERIALIZED (${raw.length ? raw.join(' UNION ALL ') : 'SELECT 0 AS pod_id, NULL::text AS sensor_type, 0::float8 AS n, 0::float8 AS s WHERE false'}),`,
    sql: parts.length
      ? parts.join(' UNION ALL ')
      : 'SELECT 0 AS card, NULL::text AS sensor_type, 0::float8 AS n, 0::float8 AS s WHERE false',
  };
}
