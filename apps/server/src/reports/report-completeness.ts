import type { ReportAnswer } from '@greenpod/contracts';
import type { Queryable } from '../db/database';
import type { ReportPod } from './report-place';

/** A day is complete with at least half its 288 five-minute readings (docs/domain.md#consumption). */
export const COMPLETE_DAY_READINGS = 144;

/**
 * Complete days per pod over the period's days (docs/domain.md#reports). A pod's day counts the readings of its
 * main metered sensor: electricity if it carries one, else water flow, else temperature (a pod carrying none has no
 * complete day). Read from the daily rollups: a day here is the UTC day of the same date, which for the zones
 * Greenpod serves (UTC-12..+12) is the rollup day nearest the local one.
 */
export async function completeDays(
  db: Queryable,
  pods: readonly ReportPod[],
  from: string,
  to: string,
): Promise<Map<number, number>> {
  if (pods.length === 0) return new Map();
  const rows = await db.query<{ pod_id: number; days: number }>(
    `WITH main AS (
       SELECT ps.pod_id, (array_agg(s.type ORDER BY array_position(ARRAY['ELECTRICITY', 'WATER_FLOW', 'TEMPERATURE'], s.type)))[1] AS type
       FROM pod_sensor ps JOIN sensor s ON s.id = ps.sensor_id
       WHERE ps.pod_id = ANY($1::int[]) AND s.type IN ('ELECTRICITY', 'WATER_FLOW', 'TEMPERATURE')
       GROUP BY 1
     )
     SELECT m.pod_id, count(*) FILTER (WHERE d.count >= ${COMPLETE_DAY_READINGS})::int AS days
     FROM main m JOIN measurement_daily d ON d.pod_id = m.pod_id AND d.sensor_type = m.type
       AND d.bucket >= $2::date::timestamp AT TIME ZONE 'UTC' AND d.bucket < ($3::date + 1)::timestamp AT TIME ZONE 'UTC'
     GROUP BY 1`,
    [pods.map((p) => p.id), from, to],
  );
  return new Map(rows.map((r) => [r.pod_id, Number(r.days)]));
}

export function completenessRows(
  pods: readonly ReportPod[],
  complete: Map<number, number>,
  days: number,
): ReportAnswer['completeness'] {
  return pods.map((p) => {
    const completeDays = Math.min(days, complete.get(p.id) ?? 0);
    return {
      podId: p.id,
      podTitle: p.title,
      areaTitle: p.areaTitle,
      locationTitle: p.locationTitle,
      completeDays,
      days,
      completeness: days > 0 ? Math.round((completeDays / days) * 1000) / 1000 : 0,
    };
  });
}

/** The share of all pod-days complete (last year's completeness), or null without pods. */
export function overallCompleteness(pods: readonly ReportPod[], complete: Map<number, number>, days: number) {
  if (pods.length === 0 || days === 0) return null;
  const sum = pods.reduce((a, p) => a + Math.min(days, complete.get(p.id) ?? 0), 0);
  return Math.round((sum / (pods.length * days)) * 1000) / 1000;
}
