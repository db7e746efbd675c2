import type { Queryable } from '../db/database';
import type { DayRecord } from './model';
import { datesBetween, dayStart, intervalsOf } from './savings-periods';

/**
 * The baseline model's inputs per pod and local day, read from the hourly rollups only, never from raw readings
 * (docs/domain.md#savings): use (the day's sum of readings x the pod's unit factor) and readings count; the mean
 * outdoor temperature of the pod's location (TEMPERATURE of its outdoor pods); occupied hours (hours whose MOTION
 * maximum is >= 1: the pod's own motion sensor, else any pod of its area).
 */
export interface InputPod {
  id: number;
  areaId: number;
  locationId: number;
  /** Readings x factor = use: voltage x multiplier / 1000 for kWh, the multiplier for litres. */
  factor: number;
}

export interface InputRange {
  sensorType: string;
  /** First and last local day, both included. */
  first: string;
  last: string;
  timeZone: string;
}

type Days<T> = Map<number, Map<string, T>>;

function put<T>(map: Days<T>, key: number, day: string, value: T) {
  let inner = map.get(key);
  if (!inner) {
    inner = new Map();
    map.set(key, inner);
  }
  inner.set(day, value);
}

// The local day of an hourly bucket; $tz is the server's AGGREGATE_TIMEZONE.
const LOCAL_DAY = `to_char((h.bucket AT TIME ZONE $2), 'YYYY-MM-DD')`;

/** Day records of each pod over the range, every calendar day present (a day without rows has use null). */
export async function readDayRecords(
  db: Queryable,
  pods: readonly InputPod[],
  range: InputRange,
): Promise<Map<number, DayRecord[]>> {
  const out = new Map<number, DayRecord[]>();
  if (pods.length === 0) return out;
  const from = dayStart(range.first, range.timeZone);
  const to = dayStart(range.last, range.timeZone, 1);
  const podIds = pods.map((p) => p.id);
  const locationIds = [...new Set(pods.map((p) => p.locationId))];
  const window = [from.toISOString(), to.toISOString()];

  // The location's outdoor pods first (few rows), so the temperature read goes by pod like the others.
  const outdoor = await db.query<{ id: number }>('SELECT id FROM pod WHERE location_id = ANY($1::int[]) AND outdoor', [
    locationIds,
  ]);
  const [use, weather, ownMotion] = await Promise.all([
    db.query<{ pod_id: number; day: string; sum: number; readings: number }>(
      `SELECT h.pod_id, ${LOCAL_DAY} AS day, sum(h.sum)::float8 AS sum, sum(h.count)::int AS readings
       FROM measurement_hourly h
       WHERE h.pod_id = ANY($1::int[]) AND h.bucket >= $3 AND h.bucket < $4 AND h.sensor_type = $5
       GROUP BY 1, 2`,
      [podIds, range.timeZone, ...window, range.sensorType],
    ),
    outdoor.length === 0
      ? Promise.resolve([])
      : db.query<{ location_id: number; day: string; mean: number }>(
          `SELECT p.location_id, ${LOCAL_DAY} AS day, (sum(h.sum) / NULLIF(sum(h.count), 0))::float8 AS mean
           FROM measurement_hourly h JOIN pod p ON p.id = h.pod_id
           WHERE h.pod_id = ANY($1::int[]) AND h.bucket >= $3 AND h.bucket < $4 AND h.sensor_type = 'TEMPERATURE'
           GROUP BY 1, 2`,
          [outdoor.map((o) => o.id), range.timeZone, ...window],
        ),
    db.query<{ pod_id: number; day: string; hours: number }>(
      `SELECT h.pod_id, ${LOCAL_DAY} AS day, count(*) FILTER (WHERE h.max >= 1)::int AS hours
       FROM measurement_hourly h
       WHERE h.pod_id = ANY($1::int[]) AND h.bucket >= $3 AND h.bucket < $4 AND h.sensor_type = 'MOTION'
       GROUP BY 1, 2`,
      [podIds, range.timeZone, ...window],
    ),
  ]);
  // The area's motion only for pods without their own motion sensor.
  const withOwn = new Set(ownMotion.map((r) => r.pod_id));
  const fallbackAreas = [...new Set(pods.filter((p) => !withOwn.has(p.id)).map((p) => p.areaId))];
  const areaMotion = fallbackAreas.length
    ? await db.query<{ area_id: number; day: string; hours: number }>(
        `SELECT p.area_id, ${LOCAL_DAY} AS day, count(DISTINCT h.bucket) FILTER (WHERE h.max >= 1)::int AS hours
         FROM pod p JOIN measurement_hourly h ON h.pod_id = p.id
         WHERE p.area_id = ANY($1::int[]) AND h.bucket >= $3 AND h.bucket < $4 AND h.sensor_type = 'MOTION'
         GROUP BY 1, 2`,
        [fallbackAreas, range.timeZone, ...window],
      )
    : [];

  const useOf: Days<{ sum: number; readings: number }> = new Map();
  for (const r of use) put(useOf, r.pod_id, r.day, { sum: Number(r.sum), readings: Number(r.readings) });
  const weatherOf: Days<number> = new Map();
  for (const r of weather) if (r.mean !== null) put(weatherOf, r.location_id, r.day, Number(r.mean));
  const ownOf: Days<number> = new Map();
  for (const r of ownMotion) put(ownOf, r.pod_id, r.day, Number(r.hours));
  const areaOf: Days<number> = new Map();
  for (const r of areaMotion) put(areaOf, r.area_id, r.day, Number(r.hours));

  const dates = datesBetween(range.first, range.last);
  const intervals = new Map(dates.map((d) => [d, intervalsOf(d, range.timeZone)]));
  for (const pod of pods) {
    const days = useOf.get(pod.id);
    const temps = weatherOf.get(pod.locationId);
    // The pod's own motion sensor when it has one, else its area's; a day the source did not report is unknown.
    const motion = ownOf.get(pod.id) ?? areaOf.get(pod.areaId);
    out.set(
      pod.id,
      dates.map((date) => {
        const u = days?.get(date);
        return {
          date,
          use: u ? u.sum * pod.factor : null,
          readings: u?.readings ?? 0,
          expectedReadings: intervals.get(date) ?? 288,
          meanOutdoorC: temps?.get(date) ?? null,
          occupiedHours: motion ? (motion.get(date) ?? null) : null,
        };
      }),
    );
  }
  return out;
}
