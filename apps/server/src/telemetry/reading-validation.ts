import { MAX_FUTURE_MS, parseWireTime, readingSchema } from '@greenpod/contracts';

/** What ingest needs to know of a pod: its id and the sensors it carries. */
export interface PodIdentity {
  id: number;
  identifier: string;
  sensorByType: ReadonlyMap<string, number>;
  typeBySensorId: ReadonlyMap<number, string>;
}

export interface ReadingRow {
  podId: number;
  sensorId: number;
  sensorType: string;
  value: number;
  created: Date;
}

/**
 * Checks each reading on its own (API.md "Ingestion"): an unknown sensor for this pod, a value that
 * is not a finite number, or a time more than 5 minutes ahead is rejected with a reason; the rest go on.
 */
export function validateReadings(pod: PodIdentity, readings: readonly unknown[], now: Date) {
  const rows: ReadingRow[] = [];
  const rejected: { index: number; reason: string }[] = [];
  readings.forEach((raw, index) => {
    const reject = (reason: string) => rejected.push({ index, reason });
    const parsed = readingSchema.safeParse(raw);
    if (!parsed.success) return reject(`invalid reading: ${parsed.error.issues[0]?.message ?? 'bad shape'}`);
    const r = parsed.data;
    let sensorId: number | undefined;
    let sensorType: string | undefined;
    if (r.sensorId !== undefined) {
      sensorType = pod.typeBySensorId.get(r.sensorId);
      sensorId = sensorType ? r.sensorId : undefined;
    } else if (r.sensorType !== undefined) {
      sensorId = pod.sensorByType.get(r.sensorType);
      sensorType = sensorId ? r.sensorType : undefined;
    } else {
      return reject('sensorType or sensorId is required');
    }
    if (sensorId === undefined || sensorType === undefined) return reject('unknown sensor for this pod');
    const value = typeof r.value === 'string' && r.value.trim() !== '' ? Number(r.value) : r.value;
    if (typeof value !== 'number' || !Number.isFinite(value)) return reject('value is not a finite number');
    let created = now;
    if (r.created !== undefined) {
      const t = parseWireTime(r.created);
      if (!t) return reject('created is not a time (yyyy-MM-dd HH:mm:ss in UTC, or ISO 8601)');
      created = t;
    }
    if (created.getTime() > now.getTime() + MAX_FUTURE_MS) return reject('created is more than 5 minutes in the future');
    // Timestamps are kept to the millisecond so retries of the same reading match exactly.
    rows.push({ podId: pod.id, sensorId, sensorType, value, created: new Date(Math.floor(created.getTime())) });
  });
  return { rows, rejected };
}
