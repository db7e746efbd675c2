import type { TimeWindow } from '@greenpod/contracts';
import type { PlaceRollup } from '../telemetry/rollup-tables';
import { planRollups } from './rollup-plan';
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
  const terms = new Map<string, PlaceTerm>();
  const add = (at: PlaceRollup | 'raw', weight: number, spans: readonly Span[]) => {
    if (spans.length === 0) return;
    const key = `${at === 'raw' ? 'raw' : at.name}/${weight}`;
    const term = terms.get(key) ?? { level: at, weight, spans: [] };
    term.spans.push(...spans);
    terms.set(key, term);
  };
  for (const term of planRollups(window, now)) {
    if (term.tier === 'monthly' || term.tier === 'daily') add(level('daily'), term.weight, term.spans);
    else if (term.tier === 'hourly') add(level('hourly'), term.weight, term.spans);
    else {
      const { ends, middles } = splitLevels(term.spans, fine);
      for (const m of middles) add(m.level, term.weight, m.spans);
      add('raw', term.weight, ends);
    }
  }
  return [...terms.values()];
}
