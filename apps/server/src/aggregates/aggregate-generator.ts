import type { Granularity, SensorType } from '@greenpod/contracts';
import type { Queryable } from '../db/database';
import { kilowattHoursSql } from './energy';
import { ceilToUtcHour, closedUntil } from './periods';

/**
 * A period counts as closed this long after its end, so the last readings of a period (pods report
 * every 5 minutes and retry) are stored before its row is written; rows are never updated afterwards.
 */
export const AGGREGATE_SETTLE_MS = 10 * 60_000;

export interface GenerateOptions {
  timeZone: string;
  now?: Date;
  /**
   * Per pod, look only at periods from its latest generated one on. The scheduler uses this so a
   * run every few minutes does not re-read years of history; a manual Generate looks at everything,
   * which also fills periods whose readings arrived after a later period was generated.
   */
  onlyAfterLatest?: boolean;
}

// Column of aggregated_data -> sensor type whose mean it holds (docs/domain.md#aggregates).
const MEANS: readonly [column: string, type: SensorType][] = [
  ['electricity', 'ELECTRICITY'],
  ['temperature', 'TEMPERATURE'],
  ['water', 'WATER_FLOW'],
  ['motion', 'MOTION'],
  ['pressure', 'BAROMETRIC'],
  ['humidity', 'HUMIDITY'],
  ['ambient_light', 'LUMINESCENCE'],
];
const TYPES = MEANS.map(([, type]) => type);
const UNIT: Record<Granularity, string> = { daily: 'day', weekly: 'week', monthly: 'month' };

// Identifiers and sensor types below are constants of this file, never request input.
const total = (type: SensorType) => `sum(s.sum) FILTER (WHERE s.sensor_type = '${type}')`;
const mean = (type: SensorType) => `${total(type)} / nullif(sum(s.count) FILTER (WHERE s.sensor_type = '${type}'), 0)`;

/*
 * One row per pod and closed period that has readings of the aggregated sensor kinds. Hourly buckets
 * are grouped by the local period their start falls in (date_trunc's 'week' starts on Monday);
 * `$4` (a whole UTC hour) stops before the first bucket of the open period. kWh and litres as in
 * energy.ts, with the pod's voltage and no tariff multiplier (rows are per pod, tariffs per period type).
 * ON CONFLICT DO NOTHING makes the statement idempotent and safe against a concurrent run.
 */
const GENERATE_SQL = `
WITH latest AS (
  SELECT pod_id, max(created) AS created FROM aggregated_data
  WHERE granularity = $1 AND $5::boolean GROUP BY pod_id
), src AS (
  SELECT h.pod_id, h.sensor_type, h.count, h.sum,
         date_trunc($2::text, h.bucket AT TIME ZONE $3::text) AS local_start
  FROM measurement_hourly h LEFT JOIN latest l ON l.pod_id = h.pod_id
  WHERE h.sensor_type = ANY($6::text[]) AND h.bucket < $4::timestamptz
    AND (l.created IS NULL OR h.bucket >= l.created)
), periods AS (
  SELECT s.pod_id, s.local_start,
         ${MEANS.map(([column, type]) => `${mean(type)} AS ${column}`).join(',\n         ')},
         ${total('ELECTRICITY')} AS electricity_total,
         ${total('WATER_FLOW')} AS water_total
  FROM src s GROUP BY s.pod_id, s.local_start
), inserted AS (
  INSERT INTO aggregated_data (granularity, pod_id, ${MEANS.map(([c]) => c).join(', ')}, electricity_sum, water_sum, created)
  SELECT $1, pr.pod_id, ${MEANS.map(([c]) => `pr.${c}`).join(', ')},
         ${kilowattHoursSql('pr.electricity_total', 'p.voltage')}, pr.water_total,
         pr.local_start AT TIME ZONE $3::text
  FROM periods pr JOIN pod p ON p.id = pr.pod_id
  ON CONFLICT (granularity, pod_id, created) DO NOTHING
  RETURNING 1
)
SELECT count(*)::int AS n FROM inserted`;

/** Writes the rows of every closed period not generated yet; returns how many rows it wrote. */
export async function generateAggregates(
  db: Queryable,
  granularity: Granularity,
  opts: GenerateOptions,
): Promise<number> {
  const until = closedUntil(opts.now ?? new Date(), granularity, opts.timeZone, AGGREGATE_SETTLE_MS);
  const [row] = await db.query<{ n: number }>(GENERATE_SQL, [
    granularity,
    UNIT[granularity],
    opts.timeZone,
    ceilToUtcHour(until).toISOString(),
    opts.onlyAfterLatest ?? false,
    TYPES,
  ]);
  return row?.n ?? 0;
}

/** Removes every row of one granularity; returns how many. */
export async function deleteAggregates(db: Queryable, granularity: Granularity): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'WITH gone AS (DELETE FROM aggregated_data WHERE granularity = $1 RETURNING 1) SELECT count(*)::int AS n FROM gone',
    [granularity],
  );
  return row?.n ?? 0;
}
