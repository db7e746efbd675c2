import {
  EARLIEST_READING_MS,
  MAX_FUTURE_MS,
  MAX_READING_MAGNITUDE,
  parseWireTime,
  readingSchema,
} from '@greenpod/contracts';

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

const EARLIEST = new Date(EARLIEST_READING_MS).toISOString().slice(0, 10);

/**
 * Checks each reading on its own (docs/domain.md#readings): an unknown sensor for this pod, a value that
 * is not a JSON number or lies beyond ±MAX_READING_MAGNITUDE, or a time before EARLIEST_READING_MS or
 * more than 5 minutes ahead is rejected with a reason; the rest go on. Together these bounds accept
 * only what the measurement table and its rollups can hold, so the database refusing a reading is
 * the exception (group-commit.ts still isolates it). `indexes[j]` is the batch index of `rows[j]`.
 */
export function validateReadings(pod: PodIdentity, readings: readonly unknown[], now: Date) {
  const rows: ReadingRow[] = [];
  const indexes: number[] = [];
  const rejected: { index: number; reason: string }[] = [];
  readings.forEach((raw, index) => {
    const out = checkReading(pod, raw, now);
    if (typeof out === 'string') rejected.push({ index, reason: out });
    else {
      rows.push(out);
      indexes.push(index);
    }
  });
  return { rows, indexes, rejected };
}

/** One reading: the row to store, or the reason it is refused. */
function checkReading(pod: PodIdentity, raw: unknown, now: Date): ReadingRow | string {
  const parsed = readingSchema.safeParse(raw);
  if (!parsed.success) return `invalid reading: ${parsed.error.issues[0]?.message ?? 'bad shape'}`;
  const r = parsed.data;
  if (r.sensorId === undefined && r.sensorType === undefined) return 'sensorType or sensorId is required';
  const sensorType = r.sensorId !== undefined ? pod.typeBySensorId.get(r.sensorId) : r.sensorType;
  const sensorId = r.sensorId ?? (sensorType ? pod.sensorByType.get(sensorType) : undefined);
  if (sensorId === undefined || sensorType === undefined || !pod.typeBySensorId.has(sensorId)) {
    return 'unknown sensor for this pod';
  }
  // Strict: a string is not a number ("0x10" is not 16, "1e999" is not a value).
  const value = r.value;
  if (typeof value !== 'number') return 'value must be a JSON number';
  if (!Number.isFinite(value)) return 'value is not a finite number';
  if (Math.abs(value) > MAX_READING_MAGNITUDE) return `value is beyond ±${MAX_READING_MAGNITUDE.toExponential()}`;
  let created = now;
  if (r.created !== undefined) {
    const time = parseWireTime(r.created);
    if (!time) return 'created is not a time (yyyy-MM-dd HH:mm:ss in UTC, or ISO 8601)';
    created = time;
  }
  if (created.getTime() < EARLIEST_READING_MS) return `created is before ${EARLIEST} (is the pod's clock set?)`;
  if (created.getTime() > now.getTime() + MAX_FUTURE_MS) return 'created is more than 5 minutes in the future';
  return { podId: pod.id, sensorId, sensorType, value, created };
}
