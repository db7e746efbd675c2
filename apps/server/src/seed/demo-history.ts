import { SENSOR_TYPES } from '@greenpod/contracts';
import { TIER_GRIDS } from '../dashboard/rollup-plan';
import type { Queryable } from '../db/database';
import { addPodsToTheirLocations } from '../telemetry/location-rollups';
import { insertReadings } from '../telemetry/measurement-writer';
import type { ReadingRow } from '../telemetry/reading-validation';
import { ROLLUP_TABLES } from '../telemetry/rollup-tables';
import type { Progress } from './progress-bar';
import { type PodProfile, podReadingsAt } from './reading-model';

export interface HistoryPod {
  id: number;
  profile: PodProfile;
  /** Sensor id per sensor type the pod carries: the kinds its history is written for. */
  sensorIds: ReadonlyMap<string, number>;
  /** When the pod was fitted (a UTC midnight): no history before it. */
  from?: Date;
}

const FIVE_MIN_MS = 5 * 60_000;
const HOUR_MS = 3_600_000;
const SAMPLES_PER_HOUR = 12;
const RAW_BATCH = 5000;

/**
 * Older history straight into the rollups: twelve model samples per hour give each hourly row the
 * count, sum, min and max that twelve 5-minute readings would have, so charts cannot tell where the
 * raw week begins. Daily and monthly rows are the sums of their UTC day's hourly rows and UTC month's
 * daily rows, built in the same pass (so the raw week, written after, adds to its month's row); the
 * location rollups get the sums of their pods' rows at the end.
 * One statement per pod and rollup (about 70,000 hourly rows for a year) keeps round trips few, and
 * rows go in primary-key order (sensor type, then time), which keeps the index inserts cheap.
 * `from` must be a UTC midnight.
 */
export async function writeHourlyHistory(
  db: Queryable,
  pods: readonly HistoryPod[],
  from: Date,
  to: Date,
  rand: () => number,
  progress: Progress,
) {
  progress.phase('History (hourly, daily, monthly)', pods.length * 2);
  for (const pod of pods) {
    const first = Math.max(from.getTime(), pod.from?.getTime() ?? 0);
    const hours = Math.max(0, Math.floor((to.getTime() - first) / HOUR_MS));
    // The pod's kinds by their index in SENSOR_TYPES (the statement's type array), in that order.
    const kinds = SENSOR_TYPES.flatMap((type, t) => (pod.sensorIds.has(type) ? [{ type, t }] : []));
    const hourly = new RollupColumns(hours * kinds.length);
    for (let h = 0; h < hours; h++) {
      const start = first + h * HOUR_MS;
      for (let s = 0; s < SAMPLES_PER_HOUR; s++) {
        const values = podReadingsAt(pod.profile, new Date(start + s * FIVE_MIN_MS), rand);
        kinds.forEach(({ type, t }, k) => {
          hourly.add(k * hours + h, t, start, 1, values[type] ?? 0);
        });
      }
    }
    const daily = coarsen(hourly, TIER_GRIDS.daily.floor);
    const monthly = coarsen(daily, TIER_GRIDS.monthly.floor);
    progress.tick();
    for (const [table, rows] of [
      [ROLLUP_TABLES.hourly, hourly],
      [ROLLUP_TABLES.daily, daily],
      [ROLLUP_TABLES.monthly, monthly],
    ] as const) {
      if (rows.size === 0) continue;
      await db.query(
        `INSERT INTO ${table} (pod_id, sensor_type, bucket, count, sum, min, max)
         SELECT $1::int, ($2::text[])[r.t], to_timestamp(r.b), r.n, r.s, r.lo, r.hi
         FROM unnest($3::int[], $4::float8[], $5::int[], $6::float8[], $7::float8[], $8::float8[]) AS r(t, b, n, s, lo, hi)`,
        [pod.id, [...SENSOR_TYPES], rows.type, rows.bucket, rows.count, rows.sum, rows.min, rows.max],
      );
    }
    progress.tick();
  }
  await addPodsToTheirLocations(
    db,
    pods.map((p) => p.id),
  );
}

/** Column arrays of rollup rows, filled in place: a year of a pod is 70,000 rows, too many for objects. */
class RollupColumns {
  readonly type: number[];
  readonly bucket: number[];
  readonly count: number[];
  readonly sum: number[];
  readonly min: number[];
  readonly max: number[];

  constructor(readonly size: number) {
    this.type = new Array<number>(size).fill(0);
    this.bucket = new Array<number>(size).fill(0);
    this.count = new Array<number>(size).fill(0);
    this.sum = new Array<number>(size).fill(0);
    this.min = new Array<number>(size).fill(Number.POSITIVE_INFINITY);
    this.max = new Array<number>(size).fill(Number.NEGATIVE_INFINITY);
  }

  /** Adds `count` readings totalling `sum` (lowest `min`, highest `max`) to row i. */
  add(i: number, t: number, bucketMs: number, count: number, sum: number, min = sum, max = sum) {
    this.type[i] = t + 1;
    this.bucket[i] = bucketMs / 1000;
    this.count[i] = (this.count[i] ?? 0) + count;
    this.sum[i] = (this.sum[i] ?? 0) + sum;
    this.min[i] = Math.min(this.min[i] ?? min, min);
    this.max[i] = Math.max(this.max[i] ?? max, max);
  }
}

/** The rows of a coarser level: each row added into the one for the bucket holding its start. */
function coarsen(rows: RollupColumns, bucketOf: (ms: number) => number): RollupColumns {
  const keys = new Map<string, number>();
  const target = rows.type.map((t, i) => {
    const key = `${t}/${bucketOf((rows.bucket[i] ?? 0) * 1000)}`;
    if (!keys.has(key)) keys.set(key, keys.size);
    return keys.get(key) as number;
  });
  const out = new RollupColumns(keys.size);
  target.forEach((j, i) => {
    out.add(
      j,
      (rows.type[i] ?? 1) - 1,
      bucketOf((rows.bucket[i] ?? 0) * 1000),
      rows.count[i] ?? 0,
      rows.sum[i] ?? 0,
      rows.min[i],
      rows.max[i],
    );
  });
  return out;
}

/**
 * The recent days as raw 5-minute readings through insertReadings, the same statement live ingest
 * uses, so the raw rows and their rollups are exactly what a real week of pods would have left.
 */
export async function writeRawReadings(
  db: Queryable,
  pods: readonly HistoryPod[],
  from: Date,
  to: Date,
  rand: () => number,
  progress: Progress,
) {
  const first = Math.ceil(from.getTime() / FIVE_MIN_MS) * FIVE_MIN_MS;
  const steps = Math.max(0, Math.floor((to.getTime() - first) / FIVE_MIN_MS) + 1);
  const kinds = pods.reduce((n, p) => n + p.sensorIds.size, 0);
  progress.phase('Last days (raw)', Math.ceil((kinds * steps) / RAW_BATCH));
  let batch: ReadingRow[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await insertReadings(db, batch);
    batch = [];
    progress.tick();
  };
  // Pod by pod, then time: rows arrive in the order of the (pod, sensor, time) index.
  for (const pod of pods) {
    for (let i = 0; i < steps; i++) {
      const created = new Date(first + i * FIVE_MIN_MS);
      if (pod.from && created < pod.from) continue;
      const values = podReadingsAt(pod.profile, created, rand);
      for (const type of SENSOR_TYPES) {
        const sensorId = pod.sensorIds.get(type);
        const value = values[type];
        if (sensorId === undefined || value === undefined) continue;
        batch.push({ podId: pod.id, sensorId, sensorType: type, value, created });
      }
      if (batch.length >= RAW_BATCH) await flush();
    }
  }
  await flush();
}
