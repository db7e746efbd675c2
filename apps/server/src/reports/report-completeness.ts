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
export async function mainTypes(db: Queryable, podIds: readonly number[]): Promise<Map<number, string>> {
  if (podIds.length === 0) return new Map();
  const rows = await db.query<{ pod_id: number; type: string }>(
    `SELECT ps.pod_id,
       (array_agg(s.type ORDER BY array_position(ARRAY['ELECTRICITY', 'WATER_FLOW', 'TEMPERATURE'], s.type)))[1] AS type
     FROM pod_sensor ps JOIN sensor s ON s.id = ps.sensor_id
     WHERE ps.pod_id = ANY($1::int[]) AND s.type IN ('ELECTRICITY', 'WATER_FLOW', 'TEMPERATURE')
     GROUP BY 1`,
    [[...podIds]],
  );
  return new Map(rows.map((r) => [r.pod_id, r.type]));
}

export async function completeDays(
  db: Queryable,
  main: Map<number, string>,
  from: string,
  to: string,
): Promise<Map<number, number>> {
  if (main.size === 0) return new Map();
  const rows = await db.query<{ pod_id: number; days: number }>(
    `SELECT d.pod_id, count(*) FILTER (WHERE d.count >= ${COMPLETE_DAY_READINGS})::int AS days
     FROM unnest($1::int[], $2::text[]) AS m(pod_id, type)
     JOIN measurement_daily d ON d.pod_id = m.pod_id AND d.sensor_type = m.type
       AND d.bucket >= $3::date::timestamp AT TIME ZONE 'UTC' AND d.bucket < ($4::date + 1)::timestamp AT TIME ZONE 'UTC'
     GROUP BY 1`,
    [[...main.keys()], [...main.values()], from, to],
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

/**
 * Last year's completeness: the share of the readings expected (288 a day per pod, of its main metered sensor)
 * that were received, each pod's share at most 1, read from the rollups' counts rather than day by day (a year of
 * pod-days twice would cost the report its second).
 */
export function readingsCompleteness(
  pods: readonly ReportPod[],
  main: Map<number, string>,
  counts: Map<number, Record<string, number>>,
  days: number,
) {
  if (pods.length === 0 || days === 0) return null;
  const shares = pods.map((p) => {
    const type = main.get(p.id);
    const n = type ? (counts.get(p.id)?.[type] ?? 0) : 0;
    return Math.min(1, n / (days * 288));
  });
  return Math.round((shares.reduce((a, b) => a + b, 0) / pods.length) * 1000) / 1000;
}
