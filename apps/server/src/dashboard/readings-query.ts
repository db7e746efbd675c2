import type { TimeWindow } from '@greenpod/contracts';
import type { Queryable, SqlParam } from '../db/database';
import { ROLLUP_TABLES } from '../telemetry/rollup-tables';
import { planRollups } from './rollup-plan';
import type { Span } from './window';

/** Count and sum of one sensor type: sums combine exactly across tables, averages would not. */
export interface Sums {
  sensorType: string;
  n: number;
  s: number;
}

/** `(col >= $a AND col < $b) OR ...`: time bounds are always parameters, never per-row date maths. */
export function spansSql(column: string, spans: readonly Span[], params: SqlParam[]): string {
  return `(${spans
    .map(([lo, hi]) => {
      params.push(new Date(lo), new Date(hi));
      return `(${column} >= $${params.length - 1}::timestamptz AND ${column} < $${params.length}::timestamptz)`;
    })
    .join(' OR ')})`;
}

/**
 * SQL for count and sum per pod and sensor type over [from, to), exactly the raw readings' in any
 * time zone: planRollups picks the rows (whole months, days and hours, added or subtracted, raw
 * readings only at the edges) and one UNION ALL reads them. `pods` is an int[] expression; `now`
 * only steers the choice (nothing lies after it). Columns: pod_id, sensor_type, n, s.
 */
export function podSumsSql(window: TimeWindow, now: Date, params: SqlParam[], pods: string): string {
  // Performance (bench/query): each row goes straight into the one grouping, weighted by its term,
  // rather than being grouped per term first (one aggregation instead of one per term plus one).
  const parts = planRollups(window, now).map((term) => {
    const sign = term.weight === 1 ? '' : `${term.weight} * `;
    if (term.tier === 'raw') {
      return `SELECT pod_id, sensor_type, ${term.weight}::float8 AS n, ${sign}value AS s
        FROM measurement WHERE pod_id = ANY(${pods}) AND ${spansSql('created', term.spans, params)}`;
    }
    return `SELECT pod_id, sensor_type, ${sign}count::float8 AS n, ${sign}sum AS s
      FROM ${ROLLUP_TABLES[term.tier]} WHERE pod_id = ANY(${pods}) AND ${spansSql('bucket', term.spans, params)}`;
  });
  if (parts.length === 0)
    return 'SELECT 0 AS pod_id, NULL::text AS sensor_type, 0::float8 AS n, 0::float8 AS s WHERE false';
  return `SELECT pod_id, sensor_type, sum(n) AS n, sum(s) AS s FROM (${parts.join(' UNION ALL ')}) u GROUP BY 1, 2`;
}

/** podSumsSql for a list of pods. */
export async function sumsByPod(
  db: Queryable,
  podIds: readonly number[],
  window: TimeWindow,
  now = new Date(),
): Promise<(Sums & { podId: number })[]> {
  if (podIds.length === 0 || window.to <= window.from) return [];
  const params: SqlParam[] = [podIds];
  const rows = await db.query<{ pod_id: number; sensor_type: string; n: number; s: number }>(
    podSumsSql(window, now, params, '$1::int[]'),
    params,
  );
  return rows.map((r) => ({ podId: r.pod_id, sensorType: r.sensor_type, n: r.n, s: r.s }));
}

/**
 * The pods a chart reads: `where`, a condition on a pod row named `t` choosing them, and `wholeLocations`, a
 * subquery yielding (`id`) locations every indoor pod of which it chooses (their location rows, ADR 0014, hold
 * just those pods); each adds the parameters it uses.
 */
export interface PodSet {
  where: (params: SqlParam[]) => string;
  wholeLocations: (params: SqlParam[]) => string;
}
