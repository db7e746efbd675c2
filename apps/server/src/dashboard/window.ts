import { badRequest } from '../http/errors';
import { isoWeekday, offsetAt, startOfDay, wallAsUtcMs, wallTimeAt, zonedToUtc } from '../time/time-zone';

/** The dashboard's time tabs (docs/screens.md#dashboard), `range` being Date Range. */
export const WINDOW_MODES = ['live', 'day', 'week', 'month', 'year', 'range'] as const;
export type WindowMode = (typeof WINDOW_MODES)[number];

export const LIVE_MINUTES = { min: 10, max: 60, default: 30 } as const;

export interface WindowInput {
  mode: WindowMode;
  minutes?: number;
  /** Date Range only: `yyyy-MM-dd`, a calendar date in `tz`. */
  from?: string;
  to?: string;
  tz: string;
  now: Date;
}

/** A half-open interval [from, to): a reading stamped exactly `to` belongs to the next window. */
export interface TimeWindow {
  from: Date;
  to: Date;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDate(s: string | undefined, field: string) {
  const m = s === undefined ? null : DATE.exec(s);
  const [year, month, day] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (!m || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw badRequest(`${field} must be a date like 2026-03-29`, { [field]: ['Enter a valid date (yyyy-MM-dd)'] });
  }
  return { year, month, day };
}

/**
 * The instants a dashboard tab covers (docs/domain.md#windows). "Today", "Monday" and
 * "1 January" are read on the viewer's wall clock, so a DST day is 23 or 25 hours long here.
 * Date Range runs to the end of its last day: its `to` is the next day's 00:00, exclusive, which
 * covers 23:59:59.999 without a gap.
 */
export function resolveWindow(input: WindowInput): TimeWindow {
  const { tz, now } = input;
  const wall = wallTimeAt(now, tz);
  const midnight = (year: number, month: number, day: number) =>
    zonedToUtc({ year, month, day, hour: 0, minute: 0, second: 0 }, tz);
  switch (input.mode) {
    case 'live': {
      const minutes = input.minutes ?? LIVE_MINUTES.default;
      if (!Number.isInteger(minutes) || minutes < LIVE_MINUTES.min || minutes > LIVE_MINUTES.max) {
        throw badRequest(`minutes must be a whole number from ${LIVE_MINUTES.min} to ${LIVE_MINUTES.max}`, {
          minutes: [`Choose ${LIVE_MINUTES.min} to ${LIVE_MINUTES.max} minutes`],
        });
      }
      return { from: new Date(now.getTime() - minutes * 60_000), to: now };
    }
    case 'day':
      return { from: midnight(wall.year, wall.month, wall.day), to: now };
    case 'week':
      return { from: midnight(wall.year, wall.month, wall.day - isoWeekday(wall)), to: now };
    case 'month': {
      // 31 March -> 28 (or 29) February: the day is clamped to the shorter month's last day.
      const lastDay = new Date(Date.UTC(wall.year, wall.month - 1, 0)).getUTCDate();
      const from = zonedToUtc({ ...wall, month: wall.month - 1, day: Math.min(wall.day, lastDay) }, tz);
      return { from, to: now };
    }
    case 'year':
      return { from: midnight(wall.year, 1, 1), to: now };
    case 'range': {
      const start = parseDate(input.from, 'fromValue');
      const end = parseDate(input.to, 'toValue');
      const key = (d: { year: number; month: number; day: number }) => d.year * 10_000 + d.month * 100 + d.day;
      if (key(end) > key(wall) || key(start) > key(wall)) {
        throw badRequest('Dates after today cannot be chosen', { toValue: ['Choose today or an earlier date'] });
      }
      if (key(end) < key(start)) {
        throw badRequest('The end date is before the start date', {
          toValue: ['Choose an end date on or after the start date'],
        });
      }
      return { from: midnight(start.year, start.month, start.day), to: midnight(end.year, end.month, end.day + 1) };
    }
  }
}

export const MAX_POINTS = 500;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A chart bucket: a fixed width below a day, or whole calendar days in the viewer's zone. */
export interface Bucket {
  ms: number;
  days: number;
}
export const BUCKETS: readonly Bucket[] = [MINUTE, 5 * MINUTE, 15 * MINUTE, HOUR, 6 * HOUR, DAY].map((ms) => ({
  ms,
  days: ms === DAY ? 1 : 0,
}));

/**
 * The smallest of 1 min, 5 min, 15 min, 1 h, 6 h, 1 day keeping a series at <= 500 points. Past
 * 500 days not even a day is enough; rather than break the cap, buckets grow by whole days.
 */
export function chooseBucket(from: Date, to: Date): Bucket {
  const span = Math.max(0, to.getTime() - from.getTime());
  const fit = BUCKETS.find((b) => Math.ceil(span / b.ms) <= MAX_POINTS);
  if (fit) return fit;
  const days = Math.ceil(span / DAY / MAX_POINTS);
  return { ms: days * DAY, days };
}

const nextBucket = (b: Bucket): Bucket => {
  const i = BUCKETS.findIndex((x) => x.ms === b.ms);
  const n = i >= 0 ? BUCKETS[i + 1] : undefined;
  return n ?? { ms: b.ms + DAY, days: b.days + 1 };
};

/**
 * Bucket edges: `from`, the grid points strictly inside the window, `to`. The grid follows the
 * viewer's clock: fixed widths counted from local midnight of the first day (so hours read 10:00,
 * not 10:03:27), day buckets at each local midnight (23 or 25 hours on DST days). The first and
 * last buckets are clipped to the window.
 */
export function bucketEdges(window: TimeWindow, bucket: Bucket, tz: string): Date[] {
  const from = window.from.getTime();
  const to = window.to.getTime();
  const edges = [window.from];
  if (bucket.days > 0) {
    // Performance (a Year chart's 365 edges took 22 ms): each midnight is tried at the previous one's offset.
    const first = wallTimeAt(window.from, tz);
    let offset = offsetAt(from, tz);
    for (let i = 1; ; i++) {
      const midnight = { ...first, day: first.day + i * bucket.days, hour: 0, minute: 0, second: 0 };
      const g = zonedToUtc(midnight, tz, offset).getTime();
      if (g >= to) break;
      if (g > from) edges.push(new Date(g));
      offset = wallAsUtcMs(midnight) - g;
    }
  } else {
    const origin = startOfDay(window.from, tz).getTime();
    for (let g = origin + (Math.floor((from - origin) / bucket.ms) + 1) * bucket.ms; g < to; g += bucket.ms) {
      edges.push(new Date(g));
    }
  }
  if (to > from) edges.push(window.to);
  return edges;
}

/** Bucket and edges of a chart: chooseBucket's pick, one size up when clipping adds a 501st point. */
export function planBuckets(window: TimeWindow, tz: string): { bucket: Bucket; edges: Date[] } {
  for (let bucket = chooseBucket(window.from, window.to); ; bucket = nextBucket(bucket)) {
    const edges = bucketEdges(window, bucket, tz);
    if (edges.length - 1 <= MAX_POINTS) return { bucket, edges };
  }
}

/** [lo, hi) in ms since the epoch. */
export type Span = readonly [number, number];
export interface SourcePlan {
  raw: Span[];
  hourly: Span[];
  daily: Span[];
}

/**
 * Which table answers which part of a window so the sum stays exact: whole UTC days from the daily
 * rollup, whole UTC hours from the hourly rollup, the ragged edges from raw readings. Rollup buckets
 * are date_bin'd from 2000-01-01 UTC, which is a whole number of days after the epoch, so
 * epoch-aligned hours and days are exactly their buckets.
 */
export function planSources(window: TimeWindow, opts: { daily: boolean }): SourcePlan {
  const from = window.from.getTime();
  const to = window.to.getTime();
  const h1 = Math.ceil(from / HOUR) * HOUR;
  const h2 = Math.floor(to / HOUR) * HOUR;
  if (h2 <= h1) return { raw: to > from ? [[from, to]] : [], hourly: [], daily: [] };
  const raw: Span[] = [];
  if (from < h1) raw.push([from, h1]);
  if (h2 < to) raw.push([h2, to]);
  const d1 = Math.ceil(h1 / DAY) * DAY;
  const d2 = Math.floor(h2 / DAY) * DAY;
  if (!opts.daily || d2 <= d1) return { raw, hourly: [[h1, h2]], daily: [] };
  const hourly: Span[] = [];
  if (h1 < d1) hourly.push([h1, d1]);
  if (d2 < h2) hourly.push([d2, h2]);
  return { raw, hourly, daily: [[d1, d2]] };
}

/** Charts of windows up to a day (Live, Day) read no pod rollup rows: a DST day is 25 hours at most. */
export const RAW_ONLY_MS = 25 * HOUR;
