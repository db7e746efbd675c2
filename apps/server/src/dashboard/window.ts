import {
  offsetAt,
  startOfDay,
  type TimeWindow,
  type WindowInput,
  wallAsUtcMs,
  wallTimeAt,
  windowBounds,
  zonedToUtc,
} from '@greenpod/contracts';
import { badRequest } from '../http/errors';

/** The window a tab covers (contracts' windowBounds), a tab that names none answering 400. */
export function resolveWindow(input: WindowInput): TimeWindow {
  const answer = windowBounds(input);
  if ('window' in answer) return answer.window;
  const { field, message, hint } = answer.problem;
  throw badRequest(message, { [field]: [hint] });
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
