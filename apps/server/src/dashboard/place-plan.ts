import type { TimeWindow } from '@greenpod/contracts';
import type { PlaceRollup } from '../telemetry/rollup-tables';
import { planRollups, sumSpans, type Weighted } from './rollup-plan';
import type { Span } from './window';

/** [a, b) split into the whole `ms`-wide buckets inside it (`middle`) and the ragged ends. */
export function splitFine(spans: readonly Span[], ms: number) {
  const ends: Span[] = [];
  const middle: Span[] = [];
  for (const [a, b] of spans) {
    const [lo, hi] = [Math.ceil(a / ms) * ms, Math.floor(b / ms) * ms];
    if (lo >= hi) {
      ends.push([a, b]);
      continue;
    }
    if (a < lo) ends.push([a, lo]);
    middle.push([lo, hi]);
    if (hi < b) ends.push([hi, b]);
  }
  return { ends, middle };
}

/**
 * Spans split into the whole buckets of `levels` (coarsest first), each level taking what the coarser ones
 * left, and the ragged ends left to raw readings.
 */
export function splitLevels(spans: readonly Span[], levels: readonly PlaceRollup[]) {
  let ends: readonly Span[] = spans;
  const middles: { level: PlaceRollup; spans: Span[] }[] = [];
  for (const level of levels) {
    const split = splitFine(ends, level.ms);
    if (split.middle.length) middles.push({ level, spans: split.middle });
    ends = split.ends;
  }
  return { ends, middles };
}

/** A ragged end read backwards: the row of the `level` bucket holding it, minus that bucket's raw readings in `minus`. */
export interface BackEnd {
  level: PlaceRollup;
  end: Span;
  bucket: Span;
  minus: Span[];
}

/**
 * splitLevels, then each ragged end that lies inside one bucket of the finest level read the cheaper way:
 * forwards (its own raw readings, `ends`) or backwards (that bucket's row minus the raw readings of the rest of
 * the bucket, `back`), as the cards do (ADR 0013). Raw readings cost the past time they span: none lie after
 * `now` but a pod clock's few minutes ahead, so a chart's end at now is its minute's row minus next to nothing.
 *
 * Performance (bench/soak): at 5,000 readings/s a chart read each end's seconds raw, up to a minute of every
 * pod's readings at each end (charts 86-114 ms p50 while it ran).
 */
export function splitEnds(spans: readonly Span[], levels: readonly PlaceRollup[], now: number) {
  const { ends, middles } = splitLevels(spans, levels);
  const finest = levels.at(-1);
  const forward: Span[] = [];
  const back: BackEnd[] = [];
  if (!finest) return { ends, middles, back };
  const past = ([a, b]: Span) => Math.max(0, Math.min(b, now) - a);
  for (const [a, b] of ends) {
    const start = Math.floor(a / finest.ms) * finest.ms;
    const bucket: Span = [start, start + finest.ms];
    const minus = (
      [
        [start, a],
        [b, bucket[1]],
      ] as Span[]
    ).filter(([lo, hi]) => hi > lo);
    const cheaper = minus.reduce((sum, m) => sum + past(m), 0) < past([a, b]);
    if (b <= bucket[1] && cheaper) back.push({ level: finest, end: [a, b], bucket, minus });
    else forward.push([a, b]);
  }
  return { ends: forward, middles, back };
}

/** Rows of a place level (or raw readings) whose bucket starts in one of `spans`, counted `weight` times. */
export interface PlaceTerm {
  level: PlaceRollup | 'raw';
  weight: number;
  spans: Span[];
}

/**
 * The pods' rollup plan for a window (planRollups: whole months, days and hours added or subtracted,
 * raw readings at the edges) in a place's tables (ADR 0029): a month is its days, and a span of raw
 * readings is read as the whole buckets of the place's levels below a day inside it (hours, then
 * 5 minutes and minutes where the place has them), raw readings only at its ragged ends. Every instant keeps its
 * weight, so the plan stays exact; place rows are few, so their count is not worth planning for.
 * `levels` must hold an hourly and a daily level.
 */
export function placeTerms(window: TimeWindow, now: Date, levels: readonly PlaceRollup[]): PlaceTerm[] {
  const level = (name: PlaceRollup['name']) => {
    const found = levels.find((l) => l.name === name);
    if (!found) throw new Error(`place levels without ${name} rows`);
    return found;
  };
  // Below a day, coarsest first.
  const fine = levels.filter((l) => l.name !== 'daily').sort((a, b) => b.ms - a.ms);
  // Pieces may overlap (a backwards end's minute row and its neighbour's): added up per level before grouping.
  const pieces = new Map<PlaceRollup | 'raw', Weighted[]>();
  const add = (at: PlaceRollup | 'raw', weight: number, spans: readonly Span[]) => {
    const list = pieces.get(at) ?? [];
    for (const [lo, hi] of spans) list.push({ lo, hi, weight });
    pieces.set(at, list);
  };
  for (const term of planRollups(window, now)) {
    if (term.tier === 'monthly' || term.tier === 'daily') add(level('daily'), term.weight, term.spans);
    else if (term.tier === 'hourly') add(level('hourly'), term.weight, term.spans);
    else {
      const { ends, middles, back } = splitEnds(term.spans, fine, now.getTime());
      for (const m of middles) add(m.level, term.weight, m.spans);
      for (const b of back) {
        add(b.level, term.weight, [b.bucket]);
        add('raw', -term.weight, b.minus);
      }
      add('raw', term.weight, ends);
    }
  }
  const terms = new Map<string, PlaceTerm>();
  for (const [level, list] of pieces)
    for (const { lo, hi, weight } of sumSpans(list)) {
      const key = `${level === 'raw' ? 'raw' : level.name}/${weight}`;
      const term = terms.get(key) ?? { level, weight, spans: [] };
      term.spans.push([lo, hi]);
      terms.set(key, term);
    }
  return [...terms.values()];
}
