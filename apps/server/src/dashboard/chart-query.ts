import type { TimeWindow } from '@greenpod/contracts';
import type { Queryable, SqlParam } from '../db/database';
import {
  LOCATION_ROLLUP,
  type LocationRollup,
  PLACE_STALE,
  POD_ROLLUP,
  RAW_LOCATION_ROLLUPS,
  TYPE_COLUMNS,
} from '../telemetry/rollup-tables';
import { splitEnds } from './place-plan';
import { type PodSet, spansSql } from './readings-query';
import { type Bucket, DAY, planSources, RAW_ONLY_MS, type SourcePlan, type Span } from './window';

const HOUR = 3_600_000;

/**
 * The pods of a chart, found inside its statement: `whole` (the locations all of whose indoor pods, the ones
 * their rollups hold, the chart reads: PodSet.wholeLocations, rows not marked stale: migration 029) and `rest`
 * (the chart's pods outside them). Rollup rows come per location for `whole` and per pod for `rest`
 * (ADR 0014); the raw readings of `whole` only where no location rows stand in for them. Without `split`
 * (a chart of raw readings only) none: its raw readings choose their pods themselves (allPodsIn).
 *
 * Performance (docs/performance.md#charts-of-whole-places-the-pod-set): whole locations are decided from the
 * caller's scope and filter, not by counting each location's pods in the chart's (0.8-1 ms of a chart of
 * 1,000 pods, a third of a Live chart's); `rest` reads each chosen pod row once.
 */
function chartPodsSql(podsWhere: string, wholeLocations: string, split: boolean): string {
  if (!split) return '';
  return `WITH whole AS MATERIALIZED (
      SELECT w.id AS location_id FROM (${wholeLocations}) w
      WHERE w.id NOT IN (SELECT place_id FROM ${PLACE_STALE} WHERE key = 'location_id')),
    rest AS MATERIALIZED (
      SELECT t.id FROM pod t WHERE ${podsWhere} AND t.location_id NOT IN (SELECT location_id FROM whole))`;
}
/**
 * Raw readings of every chosen pod: the pod table's own rows under the chart's condition, whose ids PostgreSQL
 * knows to be distinct (from `p` it first made them distinct, ~0.5 ms of a Live chart of 1,000 pods).
 */
const allPodsIn = (podsWhere: string) => `pod_id IN (SELECT t.id FROM pod t WHERE ${podsWhere})`;
const REST_PODS = 'ARRAY(SELECT id FROM rest)';
/**
 * Performance (bench/query, 1,000 pods in whole locations): the planner cannot see that `rest` is empty and
 * scanned every raw reading of the span by time, keeping none (8-25 ms of a Week or Month chart). An
 * uncorrelated EXISTS is a one-time filter: with no pods outside whole places the scan never starts.
 */
const ANY_REST = 'EXISTS (SELECT 1 FROM rest)';
const WHOLE_LOCATIONS = 'ARRAY(SELECT location_id FROM whole)';
/** The chosen pods of whole locations: the pods their location rows hold. */
const wholePodsIn = (podsWhere: string) =>
  `pod_id IN (SELECT t.id FROM pod t WHERE ${podsWhere} AND t.location_id IN (SELECT location_id FROM whole))`;

/** How a row's time becomes its chart bucket: through a grid slot (fixed widths) or directly (days). */
interface Keying {
  key: (time: string) => string;
  /** date_bin onto the chart's fixed-width grid, when it has one. */
  slot?: (time: string) => string;
}

/**
 * Raw readings of the pods `podsIn` (a condition on a reading) chooses. `minus`: subtracted from the rows of the
 * `minus`-wide location buckets holding them, so keyed by those buckets' starts, which lie in the chart's
 * buckets where the readings themselves may lie outside the window (splitEnds).
 */
function rawSql(podsIn: string, spans: readonly Span[], params: SqlParam[], k: Keying, minus?: LocationRollup): string {
  const where = `${podsIn} AND ${spansSql('created', spans, params)}`;
  const time = minus ? `date_bin(interval '${minus.ms / 1000} seconds', created, timestamptz 'epoch')` : 'created';
  const sign = minus ? '-' : '';
  // A clipped first bucket's rows key before `from`, where the lookup gives 0 (date_bin, or a minus bucket's start).
  if (!k.slot)
    return `SELECT sensor_type, greatest(1, ${k.key(time)}) AS k, ${sign}count(*)::float8 AS n, ${sign}sum(value) AS s FROM measurement WHERE ${where} GROUP BY 1, 2`;
  return `SELECT sensor_type, greatest(1, ${k.key('slot')}) AS k, sum(n) AS n, sum(s) AS s FROM (
      SELECT sensor_type, ${k.slot(time)} AS slot, ${sign}count(*)::float8 AS n, ${sign}sum(value) AS s FROM measurement WHERE ${where} GROUP BY 1, 2) r GROUP BY 1, 2`;
}

function podRollupSql(table: string, spans: readonly Span[], params: SqlParam[], k: Keying): string {
  return `SELECT sensor_type, ${k.key('bucket')} AS k, sum(n) AS n, sum(s) AS s FROM (
      SELECT sensor_type, bucket, sum(count)::float8 AS n, sum(sum) AS s
      FROM ${table} WHERE ${ANY_REST} AND pod_id = ANY(${REST_PODS}) AND ${spansSql('bucket', spans, params)} GROUP BY 1, 2) r GROUP BY 1, 2`;
}

/**
 * Location rows summed per chart bucket, then one row per sensor kind that has readings. Few rows
 * (one per location and bucket), so each is looked up in the edges directly; counts are summed as
 * float8 (exact below 2^53) because sum(bigint) is numeric, several times slower.
 */
function locationSql(level: LocationRollup, spans: readonly Span[], params: SqlParam[], k: Keying): string {
  const sums = TYPE_COLUMNS.map((c) => `sum(${c.n}::float8) AS ${c.n}, sum(${c.s}) AS ${c.s}`).join(', ');
  const unpivot = TYPE_COLUMNS.map((c) => `('${c.type}', r.${c.n}, r.${c.s})`).join(', ');
  return `SELECT t.sensor_type, r.k, t.n, t.s FROM (
      SELECT greatest(1, ${k.key(k.slot ? k.slot('bucket') : 'bucket')}) AS k, ${sums} FROM ${level.table}
      WHERE location_id = ANY(${WHOLE_LOCATIONS}) AND ${spansSql('bucket', spans, params)} GROUP BY 1) r
    CROSS JOIN LATERAL (VALUES ${unpivot}) AS t(sensor_type, n, s) WHERE t.n > 0`;
}

/**
 * One UNION ALL over the tables the plan names, counting and summing per sensor type and chart
 * bucket. Performance (bench/query): rows are first summed per rollup bucket or grid slot, and only
 * those sums are looked up in the edges (a Year chart makes 2,920 lookups, not one per pod and day);
 * whole locations read their location rows, one per location and bucket (ADR 0014), and on a grid
 * of whole 5-minute or minute multiples (`fine`) their 5-minute and minute rows stand in for raw
 * readings (ADR 0031), so only the ragged ends under a minute are read raw.
 */
function bucketUnionSql(
  plan: SourcePlan,
  podsWhere: string,
  params: SqlParam[],
  k: Keying,
  fine: readonly LocationRollup[],
  now: Date,
): { sql: string; split: boolean } {
  const parts: string[] = [];
  const { ends, middles, back } = splitEnds(plan.raw, fine, now.getTime());
  if (ends.length) parts.push(rawSql(allPodsIn(podsWhere), ends, params, k));
  // The pods outside whole locations read raw every span the location rows cover.
  const covered = [...middles.flatMap((m) => m.spans), ...back.map((b) => b.end)];
  if (covered.length) parts.push(rawSql(`${ANY_REST} AND pod_id = ANY(${REST_PODS})`, covered, params, k));
  const rows = new Map<LocationRollup, Span[]>(middles.map((m) => [m.level, [...m.spans]]));
  for (const b of back) rows.set(b.level, [...(rows.get(b.level) ?? []), b.bucket]);
  for (const [level, spans] of rows) parts.push(locationSql(level, spans, params, k));
  const [first] = back;
  if (first)
    parts.push(
      rawSql(
        wholePodsIn(podsWhere),
        back.flatMap((b) => b.minus),
        params,
        k,
        first.level,
      ),
    );
  // Rollup rows lie inside one chart bucket each (meansByBucket checks), so they need no grid slot.
  const direct = { key: k.key };
  for (const [name, spans] of [
    ['hourly', plan.hourly],
    ['daily', plan.daily],
  ] as const) {
    if (!spans.length) continue;
    parts.push(
      podRollupSql(POD_ROLLUP[name].table, spans, params, direct),
      locationSql(LOCATION_ROLLUP[name], spans, params, direct),
    );
  }
  return {
    sql: parts.join(' UNION ALL '),
    split: covered.length > 0 || plan.hourly.length > 0 || plan.daily.length > 0,
  };
}

const rawOnly = (w: TimeWindow): SourcePlan => ({ raw: [[w.from.getTime(), w.to.getTime()]], hourly: [], daily: [] });

/** The mean of one sensor type's readings in chart bucket i, [edges[i-1], edges[i]). */
export interface BucketMean {
  sensorType: string;
  bucket: number;
  avg: number;
}

/**
 * The mean per sensor type and bucket of the buckets with readings (summed as count and sum over
 * every table the plan names, divided once at the end), bucket i being [edges[i-1], edges[i]). width_bucket
 * finds each row's bucket by binary search over the edges passed as one parameter. Hourly rollup
 * rows can stand in for raw ones when every inner edge is a whole UTC hour, since then each rollup
 * hour lies inside one bucket (daily rows likewise when every inner edge is a whole UTC day);
 * otherwise (live, day, half-hour zones, sub-hour buckets) raw, or minute and 5-minute location rows. Points
 * come in bucket order (sensor types interleaved).
 */
export async function meansByBucket(
  db: Queryable,
  pods: PodSet,
  window: TimeWindow,
  chart: { bucket: Bucket; edges: readonly Date[] },
  now: Date,
): Promise<BucketMean[]> {
  const { bucket, edges } = chart;
  if (edges.length < 2) return [];
  const span = window.to.getTime() - window.from.getTime();
  const inner = edges.slice(1, -1);
  const aligned = inner.every((e) => e.getTime() % HOUR === 0);
  // Performance (bench/query): when every inner edge is a whole UTC day too (day buckets in UTC, as
  // a Year chart has), each daily rollup row also lies inside one bucket, so whole days can come from
  // the daily rollup (1 row per pod and type a day) rather than 24 hourly rows, exactly as stat-all.
  const dayAligned = aligned && inner.every((e) => e.getTime() % DAY === 0);
  const plan = span > RAW_ONLY_MS && aligned ? planSources(window, { daily: dayAligned }) : rawOnly(window);
  const params: SqlParam[] = [];
  // The pods are found inside the statement (one round trip, not two).
  const podsWhere = pods.where(params);
  params.push(edges.map((e) => e.toISOString()));
  const edgesParam = `$${params.length}::timestamptz[]`;
  const k: Keying = { key: (time) => `width_bucket(${time}, ${edgesParam})` };
  // Fixed-width buckets lie on a grid from the first inner edge (bucketEdges); day buckets follow
  // the zone's midnights, which no fixed grid does.
  const origin = edges[1] as Date;
  if (bucket.days === 0) {
    // Parameters added on first use: a statement must use every parameter it is given.
    let at: number | undefined;
    k.slot = (time) => {
      if (at === undefined) at = params.push(`${bucket.ms / 1000} seconds`, origin) - 1;
      return `date_bin($${at}::interval, ${time}, $${at + 1}::timestamptz)`;
    };
  }
  // A minute or 5-minute location row lies inside one chart bucket when every inner edge is a whole bucket of its
  // level: a fixed grid of such buckets, or day buckets whose local midnights are (every zone's offset is whole
  // minutes, and nearly every one whole quarter hours). Performance (bench/soak): a Year chart read the readings
  // after the last whole hour raw, minutes' worth of every pod's while they streamed in.
  const fine = RAW_LOCATION_ROLLUPS.filter((l) => inner.every((e) => e.getTime() % l.ms === 0)).reverse();
  const union = bucketUnionSql(plan, podsWhere, params, k, fine, now);
  // Performance (bench/query): one JSON text, not a row per point. PGlite took 14 us to hand over
  // each row (40 of a Year chart's 70 ms); JSON.parse reads them all in about one. Built by
  // concatenation, as json_build_array looked up its argument types for every point (2 of a Week
  // chart's 8 ms), and one mean per point rather than count and sum. float8 prints as the shortest
  // text that reads back to the same double, so nothing is lost on the way; sensor types are the
  // fixed kinds, which need no escaping.
  const [result] = await db.query<{ points: string }>(
    `${chartPodsSql(podsWhere, union.split ? pods.wholeLocations(params) : '', union.split)}
     SELECT '[' || coalesce(string_agg('["' || sensor_type || '",' || k || ',' || avg || ']', ',' ORDER BY k), '') || ']' AS points
     FROM (SELECT sensor_type, k, sum(s) / sum(n) AS avg FROM (${union.sql}) u GROUP BY 1, 2 HAVING sum(n) > 0) points`,
    params,
    { prepare: true },
  );
  const points: [string, number, number][] = JSON.parse(result?.points ?? '[]');
  return points.map(([sensorType, bucket, avg]) => ({ sensorType, bucket, avg }));
}
