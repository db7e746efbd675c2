import type { TimeWindow } from '@greenpod/contracts';
import { MAX_FUTURE_MS } from '@greenpod/contracts';
import type { Span } from './window';

/**
 * Which rows answer a sum over [from, to), for count and sum (which subtract exactly, unlike
 * averages). Rollup buckets are UTC hours, UTC days and UTC calendar months.
 *
 * sum[from, to) = P(to) - P(from), P(t) being everything before t. Split P(t) at t's month and
 * then at finer tiers down to raw readings; at each step the part inside t's bucket is read
 * forwards (the finer rows from the bucket's start up to t) or backwards (the whole bucket minus the
 * finer rows from t to its end). Backwards is what makes windows ending now cheap: everything after
 * now is empty, so a Year is twelve monthly rows per series and a Day one daily row, not 8,760 or 24.
 */
export type RollupTier = 'raw' | 'hourly' | 'daily' | 'monthly';

/** Rows of one tier whose bucket starts in one of `spans`, counted `weight` times (negative: subtracted). */
export interface Term {
  tier: RollupTier;
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
export const TIER_GRIDS: Record<Exclude<RollupTier, 'raw'>, Grid> = {
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
const monthIndex = (t: number) => {
  const [y, m] = monthOf(t);
  return y * 12 + m;
};
/** The start of the bucket holding instant t at a tier (raw: t itself). */
export const bucketStart = (tier: RollupTier, t: number) => (tier === 'raw' ? t : TIER_GRIDS[tier].floor(t));

type Piece = { tier: RollupTier; lo: number; hi: number; weight: number };

/**
 * The ways to split P(t) below its month: a chain of ever finer tiers from monthly down to raw
 * (tiers may be skipped: a month minus the raw readings after t is one), and at each link a
 * direction. 4 chains, 18 splits in all.
 */
const CHAINS: RollupTier[][] = [
  ['monthly', 'daily', 'hourly', 'raw'],
  ['monthly', 'daily', 'raw'],
  ['monthly', 'hourly', 'raw'],
  ['monthly', 'raw'],
];
const SPLITS = CHAINS.flatMap((chain) =>
  Array.from({ length: 2 ** (chain.length - 1) }, (_, n) => ({
    chain,
    backwards: chain.slice(1).map((_, i) => Boolean(n & (2 ** i))),
  })),
);

type Split = (typeof SPLITS)[number];

/** Where the buckets holding t start and end at each tier (raw: t itself), worked out once per end. */
type Around = Record<RollupTier, readonly [number, number]>;
function around(t: number): Around {
  const bucket = (tier: Exclude<RollupTier, 'raw'>) => {
    const start = TIER_GRIDS[tier].floor(t);
    return [start, TIER_GRIDS[tier].next(start)] as const;
  };
  return { raw: [t, t], hourly: bucket('hourly'), daily: bucket('daily'), monthly: bucket('monthly') };
}

/** P(t) minus the whole months before t's month, with `sign`, split as `split` says. */
function prefix(at: Around, split: Split, sign: number): Piece[] {
  return split.backwards.flatMap((backwards, i) => {
    const [start, end] = at[split.chain[i] as RollupTier];
    const fine = split.chain[i + 1] as RollupTier;
    const cut = at[fine][0];
    if (!backwards) return [{ tier: fine, lo: start, hi: cut, weight: sign }];
    return [
      { tier: split.chain[i] as RollupTier, lo: start, hi: end, weight: sign },
      { tier: fine, lo: cut, hi: end, weight: -sign },
    ];
  });
}

const ROLLUP_TIERS: readonly RollupTier[] = ['raw', 'hourly', 'daily', 'monthly'];

/** A span [lo, hi) counted `weight` times. */
export interface Weighted {
  lo: number;
  hi: number;
  weight: number;
}

/** Overlapping weighted spans added up into disjoint spans of constant, non-zero weight (a sweep), in time order. */
export function sumSpans(pieces: readonly Weighted[]): Weighted[] {
  const events: [number, number][] = [];
  for (const p of pieces) if (p.hi > p.lo) events.push([p.lo, p.weight], [p.hi, -p.weight]);
  events.sort((a, b) => a[0] - b[0]);
  const out: Weighted[] = [];
  let weight = 0;
  for (let i = 0; i < events.length; i++) {
    const [at, delta] = events[i] as [number, number];
    weight += delta;
    const next = events[i + 1]?.[0];
    if (next === undefined || next === at || weight === 0) continue;
    const last = out.at(-1);
    if (last && last.hi === at && last.weight === weight) last.hi = next;
    else out.push({ lo: at, hi: next, weight });
  }
  return out;
}

/**
 * Adds up overlapping pieces of each tier into disjoint spans of constant, non-zero weight. Performance: a card
 * read plans about 60 of these (planRollups), so tiers without pieces are skipped rather than swept.
 */
function normalise(pieces: readonly Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const tier of ROLLUP_TIERS) {
    const mine = pieces.filter((p) => p.tier === tier);
    if (mine.length) for (const w of sumSpans(mine)) out.push({ tier, lo: w.lo, hi: w.hi, weight: w.weight });
  }
  return out;
}

/** Every exact decomposition of the window (18 splits at each end, 324 plans): what the tests check. */
export function allPlans(window: TimeWindow): Piece[][] {
  return plansOf(window, SPLITS, SPLITS);
}

function plansOf(
  window: TimeWindow,
  toSplits: readonly Split[],
  fromSplits: readonly Split[],
  pairs: readonly [Split, Split][] = [],
): Piece[][] {
  const from = window.from.getTime();
  const to = window.to.getTime();
  if (to <= from) return [[]];
  const [atFrom, atTo] = [around(from), around(to)];
  const months: Piece = { tier: 'monthly', lo: atFrom.monthly[0], hi: atTo.monthly[0], weight: 1 };
  const plan = ([a, b]: [Split, Split]) => normalise([months, ...prefix(atTo, a, 1), ...prefix(atFrom, b, -1)]);
  return [...toSplits.flatMap((a) => fromSplits.map((b) => plan([a, b]))), ...pairs.map(plan)];
}

// Rough cost per pod, in rows: raw readings at one per 5 minutes per sensor (the rate docs/domain.md#readings
// gives pods), a rollup row per sensor type and bucket, an index descent per span (raw readings are
// indexed on pod and time, rollups keyed on pod, bucket and type), and per (tier, weight) pair a
// part of the UNION ALL with its own scan, sort and grouping. Only past data counts: nothing lies
// after now + 5 minutes (ingest refuses later readings).
const TYPES = 8;
const RAW_ROWS_PER_HOUR = 12 * TYPES;
const DESCENT = 4;
const PART = 16;
function cost(plan: Piece[], dataEnd: number): number {
  let rows = new Set(plan.map((p) => `${p.tier}/${p.weight}`)).size * PART;
  for (const p of plan) {
    rows += DESCENT;
    const hi = Math.min(p.hi, dataEnd);
    if (hi <= p.lo) continue;
    if (p.tier === 'raw') rows += ((hi - p.lo) / HOUR) * RAW_ROWS_PER_HOUR;
    else if (p.tier === 'monthly') rows += (monthIndex(hi - 1) - monthIndex(p.lo) + 1) * TYPES;
    else rows += Math.ceil((hi - p.lo) / (p.tier === 'hourly' ? HOUR : DAY)) * TYPES;
  }
  return rows;
}

/**
 * The cheapest exact decomposition of the window, as one term per tier and weight. Trying all 324
 * plans took milliseconds, so each end keeps its three cheapest splits on its own, and the plans
 * tried are their 9 pairings plus, when both ends lie in one month, every split used at both ends
 * (where the two ends cancel out, as in a window inside one hour).
 */
export function planRollups(window: TimeWindow, now: Date): Term[] {
  const dataEnd = now.getTime() + MAX_FUTURE_MS;
  const best3 = (t: number, at = around(t)) =>
    SPLITS.map((split) => ({ split, cost: cost(normalise(prefix(at, split, 1)), dataEnd) }))
      .sort((a, b) => a.cost - b.cost)
      .slice(0, 3)
      .map((x) => x.split);
  const [from, to] = [window.from.getTime(), window.to.getTime()];
  const sameMonth = TIER_GRIDS.monthly.floor(from) === TIER_GRIDS.monthly.floor(to);
  const plans = plansOf(window, best3(to), best3(from), sameMonth ? SPLITS.map((x) => [x, x]) : []);
  let best: Piece[] = [];
  let bestCost = Number.POSITIVE_INFINITY;
  for (const plan of plans) {
    const c = cost(plan, dataEnd);
    if (c < bestCost) [best, bestCost] = [plan, c];
  }
  const terms = new Map<string, Term>();
  for (const p of best) {
    const key = `${p.tier}/${p.weight}`;
    const term = terms.get(key) ?? { tier: p.tier, weight: p.weight, spans: [] };
    term.spans.push([p.lo, p.hi]);
    terms.set(key, term);
  }
  return [...terms.values()];
}
