import { MAX_FUTURE_MS } from '@greenpod/contracts';
import type { Span, TimeWindow } from './window';

/**
 * Which rows answer a sum over [from, to), for count and sum (which subtract exactly, unlike
 * averages). Rollup buckets are UTC hours, UTC days and UTC calendar months.
 *
 * sum[from, to) = P(to) - P(from), P(t) being everything before t. Split P(t) at t's month, day
 * and hour; at each of those levels the part inside t's bucket is read forwards (the finer rows
 * from the bucket's start up to t) or backwards (the whole bucket minus the finer rows from t to
 * its end). Backwards is what makes windows ending now cheap: everything after now is empty, so a
 * Year is twelve monthly rows per series and a Day one daily row, not 8,760 or 24 rows.
 */
export type Level = 'raw' | 'hourly' | 'daily' | 'monthly';
export const ROLLUP_TABLES = { hourly: 'measurement_hourly', daily: 'measurement_daily', monthly: 'measurement_monthly' } as const;

/** Rows of one level whose bucket starts in one of `spans`, counted `weight` times (negative: subtracted). */
export interface Term {
  level: Level;
  weight: number;
  spans: Span[];
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
interface Grid {
  floor: (t: number) => number;
  next: (start: number) => number;
}
const monthOf = (t: number) => {
  const d = new Date(t);
  return [d.getUTCFullYear(), d.getUTCMonth()] as const;
};
export const GRIDS: Record<Exclude<Level, 'raw'>, Grid> = {
  hourly: { floor: (t) => Math.floor(t / HOUR) * HOUR, next: (s) => s + HOUR },
  daily: { floor: (t) => Math.floor(t / DAY) * DAY, next: (s) => s + DAY },
  monthly: {
    floor: (t) => Date.UTC(...monthOf(t), 1),
    next: (s) => {
      const [y, m] = monthOf(s);
      return Date.UTC(y, m + 1, 1);
    },
  },
};
/** The start of the bucket holding instant t at a level (raw: t itself). */
export const bucketStart = (level: Level, t: number) => (level === 'raw' ? t : GRIDS[level].floor(t));

type Piece = { level: Level; lo: number; hi: number; weight: number };
const STEPS = [
  ['monthly', 'daily'],
  ['daily', 'hourly'],
  ['hourly', 'raw'],
] as const;

/** P(t) minus the whole months before t's month, with `sign`: `backwards[i]` picks the direction at STEPS[i]. */
function prefix(t: number, backwards: readonly boolean[], sign: number): Piece[] {
  return STEPS.flatMap(([coarse, fine], i) => {
    const start = GRIDS[coarse].floor(t);
    const cut = bucketStart(fine, t);
    if (!backwards[i]) return [{ level: fine, lo: start, hi: cut, weight: sign }];
    const end = GRIDS[coarse].next(start);
    return [
      { level: coarse, lo: start, hi: end, weight: sign },
      { level: fine, lo: cut, hi: end, weight: -sign },
    ];
  });
}

/** Adds up overlapping pieces of a level into disjoint spans of constant, non-zero weight. */
function normalise(pieces: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const level of ['raw', 'hourly', 'daily', 'monthly'] as const) {
    const mine = pieces.filter((p) => p.level === level && p.hi > p.lo);
    const cuts = [...new Set(mine.flatMap((p) => [p.lo, p.hi]))].sort((a, b) => a - b);
    for (let i = 0; i + 1 < cuts.length; i++) {
      const lo = cuts[i] as number;
      const hi = cuts[i + 1] as number;
      const weight = mine.reduce((w, p) => (p.lo <= lo && hi <= p.hi ? w + p.weight : w), 0);
      const last = out.at(-1);
      if (weight === 0) continue;
      if (last && last.level === level && last.hi === lo && last.weight === weight) last.hi = hi;
      else out.push({ level, lo, hi, weight });
    }
  }
  return out;
}

const CHOICES = Array.from({ length: 8 }, (_, n) => [n & 1, n & 2, n & 4].map(Boolean));

/** Every exact decomposition of the window (8 choices at each end), for tests and for planRollups. */
export function allPlans(window: TimeWindow): Piece[][] {
  const from = window.from.getTime();
  const to = window.to.getTime();
  if (to <= from) return [[]];
  const months: Piece = { level: 'monthly', lo: GRIDS.monthly.floor(from), hi: GRIDS.monthly.floor(to), weight: 1 };
  return CHOICES.flatMap((atTo) => CHOICES.map((atFrom) => normalise([months, ...prefix(to, atTo, 1), ...prefix(from, atFrom, -1)])));
}

// Rough rows per series: a rollup row each, raw readings at one a minute (a pod's usual rate or
// faster), and an index descent per span. Only past data counts: nothing lies after now + 5 min.
const RAW_ROWS_PER_HOUR = 60;
const SPAN_COST = 1;
function cost(plan: Piece[], dataEnd: number): number {
  let rows = 0;
  for (const p of plan) {
    rows += SPAN_COST;
    const hi = Math.min(p.hi, dataEnd);
    if (hi <= p.lo) continue;
    if (p.level === 'raw') rows += ((hi - p.lo) / HOUR) * RAW_ROWS_PER_HOUR;
    else if (p.level === 'monthly') for (let b = p.lo; b < hi; b = GRIDS.monthly.next(b)) rows++;
    else rows += Math.ceil((hi - p.lo) / (p.level === 'hourly' ? HOUR : DAY));
  }
  return rows;
}

/** The cheapest exact decomposition of the window, as one term per level and weight. */
export function planRollups(window: TimeWindow, now: Date): Term[] {
  const dataEnd = now.getTime() + MAX_FUTURE_MS;
  let best: Piece[] = [];
  let bestCost = Number.POSITIVE_INFINITY;
  for (const plan of allPlans(window)) {
    const c = cost(plan, dataEnd);
    if (c < bestCost) [best, bestCost] = [plan, c];
  }
  const terms = new Map<string, Term>();
  for (const p of best) {
    const key = `${p.level}/${p.weight}`;
    const term = terms.get(key) ?? { level: p.level, weight: p.weight, spans: [] };
    term.spans.push([p.lo, p.hi]);
    terms.set(key, term);
  }
  return [...terms.values()];
}
