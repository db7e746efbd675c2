import type { Queryable } from '../db/database';
import type { DayRecord } from './model';
import { type InputPod, type InputRange, readDayRecords } from './savings-inputs';
import { datesBetween } from './savings-periods';

/**
 * The days stored savings were computed from (migration 026, docs/domain.md#savings). Kept once, with the saving
 * rows they made (which are never recomputed either), so a chart drawn from them agrees with those rows.
 */
export async function storeSavingDays(
  db: Queryable,
  podId: number,
  sensorType: string,
  timeZone: string,
  days: readonly DayRecord[],
): Promise<void> {
  if (days.length === 0) return;
  await db.query(
    `INSERT INTO saving_day (pod_id, sensor_type, time_zone, day, use, readings, expected_readings, mean_outdoor_c, occupied_hours)
     SELECT $1, $2, $3, d.day, d.use, d.readings, d.expected_readings, d.mean_outdoor_c, d.occupied_hours
     FROM unnest($4::date[], $5::float8[], $6::int[], $7::int[], $8::float8[], $9::int[])
       AS d(day, use, readings, expected_readings, mean_outdoor_c, occupied_hours)
     ON CONFLICT DO NOTHING`,
    [
      podId,
      sensorType,
      timeZone,
      days.map((d) => d.date),
      days.map((d) => d.use),
      days.map((d) => d.readings),
      days.map((d) => d.expectedReadings),
      days.map((d) => d.meanOutdoorC),
      days.map((d) => d.occupiedHours),
    ],
  );
}

/**
 * Day records of each pod over the range, as readDayRecords answers them: the stored days where the pod's savings
 * kept them, the hourly rollups only for the days they do not cover (the open period, a newer pod).
 */
export async function readChartDays(
  db: Queryable,
  pods: readonly InputPod[],
  range: InputRange,
): Promise<Map<number, DayRecord[]>> {
  const stored = pods.length
    ? await db.query<{
        pod_id: number;
        day: string;
        use: number | null;
        readings: number;
        expected_readings: number;
        mean_outdoor_c: number | null;
        occupied_hours: number | null;
      }>(
        `SELECT pod_id, to_char(day, 'YYYY-MM-DD') AS day, use, readings, expected_readings, mean_outdoor_c, occupied_hours
         FROM saving_day
         WHERE pod_id = ANY($1::int[]) AND sensor_type = $2 AND time_zone = $3 AND day >= $4::date AND day <= $5::date`,
        [pods.map((p) => p.id), range.sensorType, range.timeZone, range.first, range.last],
      )
    : [];
  const byPod = new Map<number, Map<string, DayRecord>>();
  for (const r of stored) {
    const days = byPod.get(r.pod_id) ?? new Map<string, DayRecord>();
    byPod.set(r.pod_id, days);
    days.set(r.day, {
      date: r.day,
      use: r.use === null ? null : Number(r.use),
      readings: Number(r.readings),
      expectedReadings: Number(r.expected_readings),
      meanOutdoorC: r.mean_outdoor_c === null ? null : Number(r.mean_outdoor_c),
      occupiedHours: r.occupied_hours === null ? null : Number(r.occupied_hours),
    });
  }
  // The span of days some pod lacks, read once from the hourly rollups for the pods lacking any.
  const dates = datesBetween(range.first, range.last);
  let first: string | null = null;
  let last: string | null = null;
  const lacking: InputPod[] = [];
  for (const pod of pods) {
    const days = byPod.get(pod.id);
    if (days?.size === dates.length) continue;
    let lacks = false;
    for (const d of dates) {
      if (days?.has(d)) continue;
      lacks = true;
      if (first === null || d < first) first = d;
      if (last === null || d > last) last = d;
    }
    if (lacks) lacking.push(pod);
  }
  const read = first && last ? await readDayRecords(db, lacking, { ...range, first, last }) : new Map();
  const out = new Map<number, DayRecord[]>();
  for (const pod of pods) {
    const days = byPod.get(pod.id);
    const fresh = new Map<string, DayRecord>((read.get(pod.id) ?? []).map((r: DayRecord) => [r.date, r]));
    out.set(
      pod.id,
      dates.map(
        (d) =>
          days?.get(d) ??
          fresh.get(d) ?? {
            date: d,
            use: null,
            readings: 0,
            expectedReadings: 288,
            meanOutdoorC: null,
            occupiedHours: null,
          },
      ),
    );
  }
  return out;
}
