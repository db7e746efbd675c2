import { getResource, type ParsedDataTableParams, type Scope } from '@greenpod/contracts';
import type { Queryable, SqlParam } from '../db/database';
import { retentionHorizonSql } from '../telemetry/measurement-partitions';
import { POD_ROLLUP } from '../telemetry/rollup-tables';
import type { ListTotal } from './list-total';
import { compileSelect, scopeClause } from './select';

const { hourly, daily, monthly } = POD_ROLLUP;
const JUST_BEFORE = (t: string) => `${t} - interval '1 microsecond'`;

/** The filters the per-pod rollups can answer: no search, and only the pod and the sensor kind. */
function rollupFilter(p: ParsedDataTableParams): { podId?: number; sensorType?: string } | null {
  if (p.searchWord || p.baseSearch) return null;
  const out: { podId?: number; sensorType?: string } = {};
  for (const [key, value] of Object.entries(p.fetchParams ?? {})) {
    if (key === 'podId' && typeof value === 'number') out.podId = value;
    else if (key === 'podId' && typeof value === 'string' && /^\d{1,9}$/.test(value)) out.podId = Number(value);
    else if (key === 'sensorType' && typeof value === 'string') out.sensorType = value;
    else return null;
  }
  return out;
}

/**
 * The exact number of raw readings a measurement list shows, read from the hourly, daily and monthly
 * rollups instead of counting millions of rows, or null when the filter needs the raw rows.
 *
 * Ingest and the admin screen keep the rollups equal to the raw readings, but retention deletes raw
 * readings and keeps their rollups. So, per pod, only rollup buckets after the hour of its oldest raw
 * reading (and from the retention horizon on, when a late reading is older) are taken; readings before
 * that edge (about an hour's worth) are counted raw, bounded by the count limit. Each pod then sums
 * at most a day of hourly rows, a month of daily rows and its monthly rows.
 */
export async function measurementRollupTotal(
  db: Queryable,
  p: ParsedDataTableParams,
  access: { scope?: Scope },
  opts: { countLimit: number; retentionDays?: number },
): Promise<ListTotal | null> {
  const filter = rollupFilter(p);
  if (!filter) return null;
  const pod = getResource('pod');
  const params: SqlParam[] = [opts.retentionDays ?? null];
  const podWhere: string[] = [];
  if (access.scope) {
    const clause = scopeClause(compileSelect(pod), access.scope, params);
    if (clause) podWhere.push(clause);
  }
  if (filter.podId !== undefined) {
    params.push(filter.podId);
    podWhere.push(`t.id = $${params.length}`);
  }
  let ofType = '';
  if (filter.sensorType !== undefined) {
    params.push(filter.sensorType);
    ofType = `AND x.sensor_type = $${params.length}`;
  }
  // Per pod, so each sum is a range of the rollup's (pod_id, bucket, ...) key, never a scan of the table.
  const sumOf = (table: string, from: string, to: string | null) =>
    `(SELECT coalesce(sum(x.count), 0) FROM ${table} x WHERE x.pod_id = e.id AND x.bucket >= e.${from} ${to ? `AND x.bucket < e.${to}` : ''} ${ofType})`;
  const sql = `
    WITH firsts AS MATERIALIZED (
      SELECT t.id, (SELECT min(m.created) FROM measurement m WHERE m.pod_id = t.id) AS first
      FROM pod t ${podWhere.length ? `WHERE ${podWhere.join(' AND ')}` : ''}
    ), hours AS MATERIALIZED (
      -- greatest() skips a NULL horizon (no retention configured)
      SELECT id, greatest(${hourly.end(hourly.bucket('first'))}, ${retentionHorizonSql('$1::int')}) AS h
      FROM firsts WHERE first IS NOT NULL
    ), days AS MATERIALIZED (
      SELECT id, h, ${daily.end(daily.bucket(JUST_BEFORE('h')))} AS d FROM hours
    ), edges AS MATERIALIZED (
      SELECT id, h, d, ${monthly.end(monthly.bucket(JUST_BEFORE('d')))} AS mo FROM days
    )
    SELECT (SELECT coalesce(sum(${sumOf(hourly.table, 'h', 'd')} + ${sumOf(daily.table, 'd', 'mo')} + ${sumOf(monthly.table, 'mo', null)}), 0) FROM edges e)::bigint AS rolled,
      (SELECT count(*) FROM (SELECT 1 FROM edges e JOIN measurement x ON x.pod_id = e.id AND x.created < e.h ${ofType}
        LIMIT ${opts.countLimit + 1}) s)::int AS raw`;
  const [row] = await db.query<{ rolled: number; raw: number }>(sql, params);
  const rolled = Number(row?.rolled ?? 0);
  const raw = row?.raw ?? 0;
  return { total: rolled + Math.min(raw, opts.countLimit), totalIsLowerBound: raw > opts.countLimit };
}
