import type { Queryable, SqlParam } from '../db/database';
import { ROLLUP_TABLES } from '../telemetry/rollup-levels';
import { planRollups } from './rollup-plan';
import { type Bucket, DAY, planSources, RAW_ONLY_MS, type SourcePlan, type Span, type TimeWindow } from './window';

/** Count and sum of one sensor type: sums combine exactly across tables, averages would not. */
export interface Sums {
  sensorType: string;
  n: number;
  s: number;
}

const HOUR = 3_600_000;

/** `(col >= $a AND col < $b) OR ...`: time bounds are always parameters, never per-row date maths. */
function spansSql(column: string, spans: readonly Span[], params: SqlParam[]): string {
  return `(${spans
    .map(([lo, hi]) => {
      params.push(new Date(lo), new Date(hi));
      return `(${column} >= $${params.length - 1}::timestamptz AND ${column} < $${params.length}::timestamptz)`;
    })
    .join(' OR ')})`;
}

/**
 * One UNION ALL over the raw, hourly and daily tables as the plan says, counting and summing per
 * sensor type and chart bucket (`key(column)`: the bucket index of a time column). Performance
 * (bench/query): rows are first summed over pods per rollup bucket, or per grid slot of a
 * fixed-width chart (`grid`, a cheap date_bin), and only those sums are looked up in the edges:
 * a Year chart makes 2,920 lookups, not one per pod and day (292,000).
 */
function bucketUnionSql(plan: SourcePlan, params: SqlParam[], pods: string, key: (timeColumn: string) => string, grid?: { width: number; origin: Date }): string {
  const parts: string[] = [];
  if (plan.raw.length && grid) {
    params.push(`${grid.width / 1000} seconds`, grid.origin);
    const bin = `date_bin($${params.length - 1}::interval, created, $${params.length}::timestamptz)`;
    // date_bin puts the clipped first bucket's readings before `from`, where the lookup gives 0.
    parts.push(`SELECT sensor_type, greatest(1, ${key('slot')}) AS k, sum(n) AS n, sum(s) AS s FROM (
        SELECT sensor_type, ${bin} AS slot, count(*)::float8 AS n, sum(value) AS s
        FROM measurement WHERE pod_id = ANY(${pods}) AND ${spansSql('created', plan.raw, params)} GROUP BY 1, 2) r GROUP BY 1, 2`);
  } else if (plan.raw.length) {
    parts.push(`SELECT sensor_type, ${key('created')} AS k, count(*)::float8 AS n, sum(value) AS s
      FROM measurement WHERE pod_id = ANY(${pods}) AND ${spansSql('created', plan.raw, params)} GROUP BY 1, 2`);
  }
  for (const [table, spans] of [[ROLLUP_TABLES.hourly, plan.hourly], [ROLLUP_TABLES.daily, plan.daily]] as const) {
    if (!spans.length) continue;
    parts.push(`SELECT sensor_type, ${key('bucket')} AS k, sum(n) AS n, sum(s) AS s FROM (
        SELECT sensor_type, bucket, sum(count)::float8 AS n, sum(sum) AS s
        FROM ${table} WHERE pod_id = ANY(${pods}) AND ${spansSql('bucket', spans, params)} GROUP BY 1, 2) r GROUP BY 1, 2`);
  }
  return parts.join(' UNION ALL ');
}

const rawOnly = (w: TimeWindow): SourcePlan => ({ raw: [[w.from.getTime(), w.to.getTime()]], hourly: [], daily: [] });

/**
 * SQL for count and sum per pod and sensor type over [from, to), exactly the raw readings' in any
 * time zone: planRollups picks the rows (whole months, days and hours, added or subtracted, raw
 * readings only at the edges) and one UNION ALL reads them. `pods` is an int[] expression; `now`
 * only steers the choice (nothing lies after it). Columns: pod_id, sensor_type, n, s.
 */
export function podSumsSql(window: TimeWindow, now: Date, params: SqlParam[], pods: string): string {
  const parts = planRollups(window, now).map((term) => {
    const sign = term.weight === 1 ? '' : `${term.weight} * `;
    if (term.level === 'raw') {
      return `SELECT pod_id, sensor_type, ${sign}count(*)::float8 AS n, ${sign}sum(value) AS s
        FROM measurement WHERE pod_id = ANY(${pods}) AND ${spansSql('created', term.spans, params)} GROUP BY 1, 2`;
    }
    return `SELECT pod_id, sensor_type, ${sign}sum(count)::float8 AS n, ${sign}sum(sum) AS s
      FROM ${ROLLUP_TABLES[term.level]} WHERE pod_id = ANY(${pods}) AND ${spansSql('bucket', term.spans, params)} GROUP BY 1, 2`;
  });
  if (parts.length === 0) return 'SELECT 0 AS pod_id, NULL::text AS sensor_type, 0::float8 AS n, 0::float8 AS s WHERE false';
  return `SELECT pod_id, sensor_type, sum(n)::float8 AS n, sum(s) AS s FROM (${parts.join(' UNION ALL ')}) u GROUP BY 1, 2`;
}

/** podSumsSql for a list of pods. */
export async function sumsByPod(db: Queryable, podIds: readonly number[], window: TimeWindow, now = new Date()): Promise<(Sums & { podId: number })[]> {
  if (podIds.length === 0 || window.to <= window.from) return [];
  const params: SqlParam[] = [podIds];
  const rows = await db.query<{ pod_id: number; sensor_type: string; n: number; s: number }>(podSumsSql(window, now, params, '$1::int[]'), params);
  return rows.map((r) => ({ podId: r.pod_id, sensorType: r.sensor_type, n: r.n, s: r.s }));
}

/**
 * Count and sum per sensor type and bucket, bucket i being [edges[i-1], edges[i]). width_bucket
 * finds each row's bucket by binary search over the edges passed as one parameter. Hourly rollup
 * rows can stand in for raw ones when every inner edge is a whole UTC hour, since then each rollup
 * hour lies inside one bucket (daily rows likewise when every inner edge is a whole UTC day);
 * otherwise (live, day, half-hour zones, sub-hour buckets) raw.
 */
export async function sumsByBucket(db: Queryable, pods: PodSet, window: TimeWindow, chart: { bucket: Bucket; edges: readonly Date[] }): Promise<(Sums & { bucket: number })[]> {
  const { bucket, edges } = chart;
  if (edges.length < 2) return [];
  const span = window.to.getTime() - window.from.getTime();
  const aligned = edges.slice(1, -1).every((e) => e.getTime() % HOUR === 0);
  // Performance (bench/query): when every inner edge is a whole UTC day too (day buckets in UTC, as
  // a Year chart has), each daily rollup row also lies inside one bucket, so whole days can come from
  // the daily rollup (1 row per pod and type a day) rather than 24 hourly rows, exactly as stat-all.
  const dayAligned = aligned && edges.slice(1, -1).every((e) => e.getTime() % DAY === 0);
  const plan = span > RAW_ONLY_MS && aligned ? planSources(window, { daily: dayAligned }) : rawOnly(window);
  const params: SqlParam[] = [];
  // The pods are found inside the statement (one round trip, not two).
  const podsSql = pods(params);
  params.push(edges.map((e) => e.toISOString()));
  // Performance (bench/query): a chart sums over pods, so each part groups by type and bucket only;
  // grouping by pod too made a Year chart hash one group per pod, type and day before summing them.
  const edgesParam = `$${params.length}::timestamptz[]`;
  // Fixed-width buckets lie on a grid from the first inner edge (bucketEdges); day buckets follow
  // the zone's midnights, which no fixed grid does.
  const grid = bucket.days === 0 ? { width: bucket.ms, origin: edges[1] as Date } : undefined;
  const rows = await db.query<{ sensor_type: string; k: number; n: number; s: number }>(
    `WITH p AS MATERIALIZED (${podsSql})
     SELECT sensor_type, k, sum(n)::float8 AS n, sum(s) AS s
     FROM (${bucketUnionSql(plan, params, 'ARRAY(SELECT id FROM p)', (column) => `width_bucket(${column}, ${edgesParam})`, grid)}) u
     GROUP BY 1, 2 ORDER BY 1, 2`,
    params,
  );
  return rows.map((r) => ({ sensorType: r.sensor_type, bucket: r.k, n: r.n, s: r.s }));
}

/** A subquery yielding pod ids (column `id`), adding the parameters it uses. */
export type PodSet = (params: SqlParam[]) => string;
