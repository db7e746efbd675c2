import { CITY_TIME_ZONES, type ReportAnswer } from '@greenpod/contracts';
import type { Queryable } from '../db/database';
import { podHourSums } from '../score/score-compute';
import { occupancyNote } from '../score/score-parts';
import type { ReportPod } from './report-place';
import { money, quantity, sumOrNull } from './report-round';

/** Longer periods would read every pod-hour of the hourly rollups: their reports leave this part out (say so). */
export const MAX_EMPTY_USE_DAYS = 92;
/** About this many pods (whole areas: an area's occupancy needs all its pods) per statement. */
const CHUNK_PODS = 100;

const NONE = { electricityKwh: null, electricityShare: null, waterLitres: null, waterShare: null };

/**
 * Electricity and water used in unoccupied hours (docs/domain.md#reports), with the green score's occupancy
 * (score-compute.ts podHourSums: motion in the area that hour, else 07:00-22:00 local counted as occupied).
 */
export async function reportEmptyUse(
  db: Queryable,
  pods: readonly ReportPod[],
  window: { from: Date; to: Date },
  days: number,
): Promise<ReportAnswer['emptyUse']> {
  if (days > MAX_EMPTY_USE_DAYS)
    return {
      ...NONE,
      note: `Use while empty is worked out for periods of up to ${MAX_EMPTY_USE_DAYS} days: see the monthly or quarterly reports`,
    };
  if (pods.length === 0) return { ...NONE, note: null };
  const areaIds = [...new Set(pods.map((p) => p.areaId))];
  const withMotion = (
    await db.query<{ area_id: number }>(
      `SELECT DISTINCT p.area_id FROM pod p JOIN pod_sensor ps ON ps.pod_id = p.id JOIN sensor s ON s.id = ps.sensor_id
       WHERE p.area_id = ANY($1::int[]) AND s.type = 'MOTION' AND NOT p.outdoor`,
      [areaIds],
    )
  ).map((r) => r.area_id);

  const byArea = new Map<number, ReportPod[]>();
  for (const p of pods) byArea.set(p.areaId, [...(byArea.get(p.areaId) ?? []), p]);
  const chunks: ReportPod[][] = [[]];
  for (const members of byArea.values()) {
    const last = chunks.at(-1) as ReportPod[];
    if (last.length > 0 && last.length + members.length > CHUNK_PODS) chunks.push([...members]);
    else last.push(...members);
  }
  const byId = new Map(pods.map((p) => [p.id, p]));
  const kwh: (number | null)[] = [];
  const emptyKwh: (number | null)[] = [];
  const litres: (number | null)[] = [];
  const emptyLitres: (number | null)[] = [];
  for (const chunk of chunks) {
    const rows = await podHourSums(
      db,
      chunk.map((p) => p.id),
      window.from,
      window.to,
      withMotion,
    );
    for (const r of rows) {
      const pod = byId.get(r.podId) as ReportPod;
      if (r.electricity !== null) {
        kwh.push(r.electricity * pod.kwhPerReading);
        emptyKwh.push(Number(r.emptyElectricity) * pod.kwhPerReading);
      }
      if (r.water !== null) {
        litres.push(r.water * pod.litresPerReading);
        emptyLitres.push(Number(r.emptyWater) * pod.litresPerReading);
      }
    }
  }
  const share = (part: number | null, whole: number | null) =>
    part === null || whole === null || whole <= 0 ? null : money((part / whole) * 100);
  const [e, ee, w, ew] = [kwh, emptyKwh, litres, emptyLitres].map(sumOrNull) as (number | null)[];
  const without = areaIds.filter((a) => !withMotion.includes(a));
  const zones = without.map((a) => {
    const city = pods.find((p) => p.areaId === a)?.city ?? '';
    return (CITY_TIME_ZONES as Record<string, string>)[city] ?? 'UTC';
  });
  return {
    electricityKwh: quantity(ee ?? null),
    electricityShare: share(ee ?? null, e ?? null),
    waterLitres: quantity(ew ?? null),
    waterShare: share(ew ?? null, w ?? null),
    note: occupancyNote(without.length, areaIds.length, zones),
  };
}
