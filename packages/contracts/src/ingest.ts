import { z } from 'zod';
import { SENSOR_TYPES } from './sensor-types';

export const MAX_BATCH_READINGS = 5000;
/** An MQTT message from a pod may not exceed this (device-shaped traffic is small). */
export const MAX_PAYLOAD_BYTES = 256 * 1024;
/** An HTTP batch carries up to 5,000 readings, roughly 100 bytes each with every field spelt out. */
export const MAX_HTTP_BATCH_BYTES = 1024 * 1024;
/** Readings stamped further ahead than this are refused (clock drift allowance). */
export const MAX_FUTURE_MS = 5 * 60 * 1000;
/**
 * Readings stamped before this are refused. No pod ran before 2000, and a device whose clock was
 * never set boots at 1970 or 2000: storing those would file real readings under a made-up day. It
 * also keeps every time far inside what PostgreSQL can hold (it has no year 0, `0000-01-01` fails).
 */
export const EARLIEST_READING_MS = Date.UTC(2000, 0, 1);
/**
 * A value's magnitude may not exceed this. It is beyond any sensor's range, and it keeps every rollup
 * exact to store: a bucket counts at most 2^31 readings (an int), so a sum stays under 2.2e24, far
 * from float8's 1.8e308 (two values near 1.7e308 in one hour overflowed the hourly sum).
 */
export const MAX_READING_MAGNITUDE = 1e15;

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

const ISO_SHAPE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|([+-])(\d{2}):?(\d{2}))?$/;

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (y: number, month: number) =>
  month === 2 ? (isLeapYear(y) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/**
 * `yyyy-MM-dd HH:mm:ss` in UTC (docs/domain.md#readings); ISO 8601 is accepted too. A day,
 * hour, minute, second or offset that does not exist is refused: `new Date` would roll
 * 2026-02-30 over to March 2nd and store the reading under a day the pod never meant.
 */
export function parseWireTime(s: string): Date | null {
  return commonWireTime(s) ?? generalWireTime(s);
}

/** The digits of s[from, to) as a number; NaN when any is not a digit. */
function digits(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return Number.NaN;
    n = n * 10 + c;
  }
  return n;
}

/**
 * Performance (bench/ingest and bench/soak: 3-5 % of the server's time): the two spellings pods send,
 * the wire format and JavaScript's `toISOString` (`yyyy-MM-ddTHH:mm:ss.sssZ`), read digit by digit.
 * Anything else, or a date that does not exist, is left to the general reading (null here).
 */
function commonWireTime(s: string): Date | null {
  const iso = s.length === 24 && s[10] === 'T' && s[19] === '.' && s[23] === 'Z';
  if (!iso && !(s.length === 19 && s[10] === ' ')) return null;
  if (s[4] !== '-' || s[7] !== '-' || s[13] !== ':' || s[16] !== ':') return null;
  const [y, mo, d, h, mi, se] = [
    digits(s, 0, 4),
    digits(s, 5, 7),
    digits(s, 8, 10),
    digits(s, 11, 13),
    digits(s, 14, 16),
    digits(s, 17, 19),
  ];
  const ms = iso ? digits(s, 20, 23) : 0;
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, se, ms));
  return y >= 1000 &&
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === se
    ? date
    : null;
}

function generalWireTime(s: string): Date | null {
  const m = ISO_SHAPE.exec(s.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, se] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo) || h > 23 || mi > 59 || se > 59) return null;
  if (m[9] !== undefined && (Number(m[10]) > 23 || Number(m[11]) > 59)) return null;
  const offset = m[9] === undefined ? 'Z' : `${m[9]}${m[10]}:${m[11]}`;
  const date = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${m[7] ?? ''}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatWireTime(d: Date): string {
  return d.toISOString().slice(0, 19).replace('T', ' ');
}
