import { CITY_TIME_ZONES, type ReportAnswer } from '@greenpod/contracts';
import type { Queryable } from '../db/database';
import { podHourSums } from '../score/score-compute';
import { occupancyNote } from '../score/score-parts';
import type { PodDays } from './report-months';
import type { ReportPod } from './report-place';
import { money, quantity, sumOrNull } from './report-round';

/**
 * At most this many days of a report are read hour by hour from the hourly rollups (the days not in report_month:
 * a partial month, or months the score pass has not summed yet); with more, the report leaves this part out and
 * says so. Whole closed months are read from report_month, so any period up to 366 days fits once they are in.
 */
export const MAX_EMPTY_USE_DAYS = 92;
/** About this many pods (whole areas: an area's occupancy needs all its pods) per statement. */
const CHUNK_PODS = 100;

/** Sums of readings (ampere-hours, litres) in all hours and in unoccupied ones; null without readings. */
export type EmptyUseSums = {
  electricity: number | null;
  emptyElectricity: number | null;
  water: number | null;
  emptyWater: number | null;
};

const NONE = { electricityKwh: null, electricityShare: null, waterLitres: null, waterShare: null };

/** Areas of these whose indoor pods carry a motion sensor (their occupancy is measured). */
async function areasWithMotion(db: Queryable, areaIds: readonly number[]): Promise<number[]> {
  const rows = await db.query<{ area_id: number }>(
    `SELECT DISTINCT p.area_id FROM pod p JOIN pod_sensor ps ON ps.pod_id = p.id JOIN sensor s ON s.id = ps.sensor_id
     WHERE p.area_id = ANY($1::int[]) AND s.type = 'MOTION' AND NOT p.outdoor`,
    [[...areaIds]],
  );
  return rows.map((r) => r.area_id);
}

/**
 * Per pod, electricity and water in all hours and in unoccupied ones over `window`, with the green score's
 * occupancy (score-compute.ts podHourSums: motion in the area that hour, else 07:00-22:00 local counted as
 * occupied), read from the hourly rollups in statements of whole areas.
 */
export async function emptyUseSums(
  db: Queryable,
  podIds: readonly number[],
  window: { from: Date; to: Date },
): Promise<Map<number, EmptyUseSums>> {
  if (podIds.length === 0) return new Map();
  const areaOf = await db.query<{ id: number; area_id: number }>(
    'SELECT id, area_id FROM pod WHERE id = ANY($1::int[])',
    [[...podIds]],
  );
  const byArea = new Map<number, number[]>();
  for (const p of areaOf) byArea.set(p.area_id, [...(byArea.get(p.area_id) ?? []), p.id]);
  const withMotion = await areasWithMotion(db, [...byArea.keys()]);
  const chunks: number[][] = [[]];
  for (const members of byArea.values()) {
    const last = chunks.at(-1) as number[];
    if (last.length > 0 && last.length + members.length > CHUNK_PODS) chunks.push([...members]);
    else last.push(...members);
  }
  const out = new Map<number, EmptyUseSums>();
  for (const chunk of chunks) {
    for (const r of await podHourSums(db, chunk, window.from, window.to, withMotion)) {
      out.set(r.podId, {
        electricity: r.electricity,
        emptyElectricity: r.electricity === null ? null : Number(r.emptyElectricity),
        water: r.water,
        emptyWater: r.water === null ? null : Number(r.emptyWater),
      });
    }
  }
  return out;
}

/**
 * Electricity and water used in unoccupied hours (docs/domain.md#reports), from the pods' figures over the period
 * (report-months.ts: stored months and the rollups); `worked` is false when too many days were left to read hour
 * by hour.
 */
export async function reportEmptyUse(
  db: Queryable,
  pods: readonly ReportPod[],
  figures: Map<number, PodDays>,
  worked: boolean,
): Promise<ReportAnswer['emptyUse']> {
  if (!worked)
    return {
      ...NONE,
      note: `Use while empty is left out: more than ${MAX_EMPTY_USE_DAYS} days of this period are not yet summed by month (the score pass sums each closed month), and reading them hour by hour would take too long`,
    };
  if (pods.length === 0) return { ...NONE, note: null };
  const kwh: (number | null)[] = [];
  const emptyKwh: (number | null)[] = [];
  const litres: (number | null)[] = [];
  const emptyLitres: (number | null)[] = [];
  for (const pod of pods) {
    const f = figures.get(pod.id);
    if (f?.electricity != null) {
      kwh.push(f.electricity * pod.kwhPerReading);
      emptyKwh.push(Number(f.emptyElectricity) * pod.kwhPerReading);
    }
    if (f?.water != null) {
      litres.push(f.water * pod.litresPerReading);
      emptyLitres.push(Number(f.emptyWater) * pod.litresPerReading);
    }
  }
  const share = (part: number | null, whole: number | null) =>
    part === null || whole === null || whole <= 0 ? null : money((part / whole) * 100);
  const [e, ee, w, ew] = [kwh, emptyKwh, litres, emptyLitres].map(sumOrNull) as (number | null)[];
  const areaIds = [...new Set(pods.map((p) => p.areaId))];
  const withMotion = await areasWithMotion(db, areaIds);
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
