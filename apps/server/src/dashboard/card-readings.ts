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

const has = (c: (typeof TYPE_COLUMNS)[number]) => `has_${c.type.toLowerCase()}`;

/** The levels a card of whole places reads (ADR 0028); pod cards have none. */
const PLACE_LEVELS: Record<'location' | 'area' | 'pod', readonly PlaceRollup[] | undefined> = {
  location: LOCATION_ROLLUPS,
  area: AREA_ROLLUPS,
  pod: undefined,
};

/**
 * CTEs ending in `r` (card, sensor_type, n, s, voltage): per card and sensor type the count and sum of
 * its pods' readings in the window and the mean voltage of the pods that have any, for the cards of
 * CTE `page` (id) whose pods are CTE `p` (id, card, voltage): the indoor pods `scope` sees (all pods of
 * an area of outdoor pods only, or of a pod card).
 *
 * Performance (bench/query, ADR 0028): a card that shows every indoor pod of its place (`whole`) reads
 * its place's rows, one per bucket, instead of each pod's rollup rows, so its cost does not grow with
 * its pods; the raw readings at the window's ragged ends are read by time. Which of its pods have
 * readings (their voltages make the mean) comes from the bounds on each pod's latest reading: a pod
 * whose latest lies before the window has none, one whose latest lies inside it has some. Only pods
 * the bounds leave open (a reading after the window's end), and the pods of other cards, are summed
 * one by one as before.
 */
export function cardReadingsSql(
  level: 'location' | 'area' | 'pod',
  scope: Scope,
  window: TimeWindow,
  now: Date,
  params: SqlParam[],
): string {
  const levels = PLACE_LEVELS[level];
  const column = level === 'pod' ? 'id' : `${level}_id`;
  const from = `$${params.push(window.from)}::timestamptz`;
  const to = `$${params.push(window.to)}::timestamptz`;
  // Per pod and kind: has readings in the window (true), has none (false), cannot tell (null).
  const decided = TYPE_COLUMNS.map(
    (c) => `CASE WHEN l.${c.hi} IS NULL OR l.${c.hi} < ${from} THEN false
      WHEN l.${c.lo} >= ${from} AND l.${c.hi} < ${to} THEN true END AS ${has(c)}`,
  );
  const open = TYPE_COLUMNS.map((c) => `${has(c)} IS NULL`).join(' OR ');
  // Places whose rows hold just the card's pods: the caller sees all their pods (bound at the place or
  // above), they have an indoor pod (an area of outdoor pods only shows those, which no rows hold), and
  // their rows are not marked stale. Decided from the places, not by going through their pods.
  const whole = levels
    ? `SELECT page.id FROM page WHERE page.id IN (${whollyVisibleSql(scope, level as 'location' | 'area', params)})
         AND page.id NOT IN (SELECT place_id FROM ${PLACE_STALE} WHERE key = '${column}')
         AND EXISTS (SELECT 1 FROM pod x WHERE x.${column} = page.id AND NOT x.outdoor)`
    : 'SELECT NULL::int AS id WHERE false';
  const perPod = podSumsSql(window, now, params, `ARRAY(SELECT id FROM known WHERE NOT whole OR ${open})`);
  const summed = TYPE_COLUMNS.map((c) => `bool_or(n > 0) FILTER (WHERE sensor_type = '${c.type}') AS ${has(c)}`);
  const present = TYPE_COLUMNS.map(
    (c) => `avg(k.voltage) FILTER (WHERE coalesce(k.${has(c)}, pp.${has(c)}, false))::float8 AS ${has(c)}`,
  );
  const voltageOf = `CASE s.sensor_type ${TYPE_COLUMNS.map((c) => `WHEN '${c.type}' THEN v.${has(c)}`).join(' ')} END`;
  const place = levels ? placeSumsSql(levels, window, now, params) : undefined;
  return `whole AS MATERIALIZED (${whole}),
    known AS MATERIALIZED (
      SELECT p.id, p.card, p.voltage, p.card IN (SELECT id FROM whole) AS whole, ${decided.join(', ')}
      FROM p LEFT JOIN ${LAST_READINGS} l ON l.pod_id = p.id),
    pod_sums AS MATERIALIZED (${perPod}),${
      place
        ? `
    ${place.ctes}`
        : ''
    }
    sums AS (
      SELECT card, sensor_type, sum(n) AS n, sum(s) AS s FROM (
        ${place ? `${place.sql} UNION ALL` : ''}
        SELECT k.card, u.sensor_type, u.n, u.s FROM pod_sums u JOIN known k ON k.id = u.pod_id WHERE NOT k.whole AND u.n > 0
      ) x GROUP BY 1, 2 HAVING sum(n) > 0),
    volts AS (
      SELECT k.card, ${present.join(', ')}
      FROM known k LEFT JOIN (SELECT pod_id, ${summed.join(', ')} FROM pod_sums GROUP BY 1) pp ON pp.pod_id = k.id
      GROUP BY 1),
    r AS MATERIALIZED (
      SELECT s.card, s.sensor_type, s.n, s.s, ${voltageOf} AS voltage FROM sums s JOIN volts v ON v.card = s.card)`;
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
      // A location's ends are under 5 minutes: read for all its pods at once through the time index,
      // not one key range per pod. An area's (under an hour, no 5-minute rows) through its pods' keys.
      const pods = key === 'location_id' ? '' : 'pod_id = ANY(ARRAY(SELECT id FROM known WHERE whole)) AND';
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
    parts.push(`SELECT k.card, m.sensor_type, sum(m.n) AS n, sum(m.s) AS s
      FROM raw_ends m JOIN known k ON k.id = m.pod_id AND k.whole GROUP BY 1, 2`);
  return {
    ctes: `raw_ends AS MATERIALIZED (${raw.length ? raw.join(' UNION ALL ') : 'SELECT 0 AS pod_id, NULL::text AS sensor_type, 0::float8 AS n, 0::float8 AS s WHERE false'}),`,
    sql: parts.length
      ? parts.join(' UNION ALL ')
      : 'SELECT 0 AS card, NULL::text AS sensor_type, 0::float8 AS n, 0::float8 AS s WHERE false',
  };
}
