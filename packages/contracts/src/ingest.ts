import { z } from 'zod';
import { SENSOR_TYPES } from './sensors';

export const MAX_BATCH_READINGS = 5000;
/** An MQTT message from a pod may not exceed this (device-shaped traffic is small). */
export const MAX_PAYLOAD_BYTES = 256 * 1024;
/** An HTTP batch carries up to 5,000 readings, roughly 100 bytes each with every field spelt out. */
export const MAX_HTTP_BATCH_BYTES = 1024 * 1024;
/** Readings stamped further ahead than this are refused (clock drift allowance). */
export const MAX_FUTURE_MS = 5 * 60 * 1000;

/**
 * One reading as a pod sends it. Each is checked on its own so one bad reading does not sink the
 * batch: the shape here is loose on purpose and the ingest service gives per-reading reasons.
 */
export const readingSchema = z.object({
  sensorType: z.enum(SENSOR_TYPES).optional(),
  sensorId: z.number().int().positive().optional(),
  value: z.unknown(),
  created: z.string().max(40).optional(),
});
export type ReadingInput = z.infer<typeof readingSchema>;

export const ingestBatchSchema = z.object({
  readings: z
    .array(z.unknown())
    .min(1, 'Send at least one reading')
    .max(MAX_BATCH_READINGS, `Send at most ${MAX_BATCH_READINGS} readings per batch`),
});

export interface IngestResult {
  stored: number;
  duplicates: number;
  rejected: { index: number; reason: string }[];
}

const WIRE_SHAPE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** `yyyy-MM-dd HH:mm:ss` in UTC (DOMAIN.md "Readings and time"); ISO 8601 is accepted too. */
export function parseWireTime(s: string): Date | null {
  // Performance (bench/ingest: 3 % of the server's time): the wire format itself, read digit by
  // digit; anything else, or a date that does not exist, takes the general path below.
  if (s.length === 19 && WIRE_SHAPE.test(s)) {
    const n = (from: number, to: number) => Number(s.slice(from, to));
    const [y, mo, d, h, mi, se] = [n(0, 4), n(5, 7), n(8, 10), n(11, 13), n(14, 16), n(17, 19)];
    const date = new Date(Date.UTC(y, mo - 1, d, h, mi, se));
    if (y >= 1000 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && date.getUTCHours() === h && date.getUTCMinutes() === mi) return date;
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(s.trim());
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${m[7] ?? ''}${m[8] ?? 'Z'}`;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatWireTime(d: Date): string {
  return d.toISOString().slice(0, 19).replace('T', ' ');
}
