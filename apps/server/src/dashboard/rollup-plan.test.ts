import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allPlans, bucketStart, planRollups, type RollupTier, type Term } from './rollup-plan';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2025, 0, 1);

/** How many times a plan counts a reading stamped t: a rollup row covers t when its bucket starts in a span. */
function timesCounted(plan: { tier: RollupTier; lo: number; hi: number; weight: number }[], t: number) {
  return plan.reduce((n, p) => {
    const start = bucketStart(p.tier, t);
    return p.lo <= start && start < p.hi ? n + p.weight : n;
  }, 0);
}
const flat = (terms: Term[]) =>
  terms.flatMap((t) => t.spans.map(([lo, hi]) => ({ tier: t.tier, lo, hi, weight: t.weight })));

// Instants on and around bucket edges, where an off-by-one would show.
const instantArb = fc.oneof(
  fc.integer({ min: T0, max: T0 + 400 * DAY }),
  fc.tuple(fc.integer({ min: 0, max: 400 * 24 }), fc.constantFrom(-1, 0, 1)).map(([h, d]) => T0 + h * HOUR + d),
  fc.tuple(fc.integer({ min: 0, max: 13 }), fc.constantFrom(-1, 0, 1)).map(([m, d]) => Date.UTC(2025, m, 1) + d),
);

describe('rollup plans', () => {
  it('every decomposition counts each reading inside the window once and none outside', () => {
    fc.assert(
      fc.property(instantArb, instantArb, fc.array(instantArb, { minLength: 20, maxLength: 20 }), (a, b, probes) => {
        const window = { from: new Date(Math.min(a, b)), to: new Date(Math.max(a, b)) };
        const inside = (t: number) => (window.from.getTime() <= t && t < window.to.getTime() ? 1 : 0);
        for (const plan of allPlans(window)) {
          for (const t of [...probes, a, b, a - 1, b - 1]) expect(timesCounted(plan, t)).toBe(inside(t));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('a year to date is one monthly row a month per series, minus the (empty) raw readings after now', () => {
    const now = new Date(Date.UTC(2025, 11, 31, 14, 37, 13));
    const terms = planRollups({ from: new Date(Date.UTC(2025, 0, 1)), to: now }, now);
    const past = flat(terms).filter((p) => p.lo < now.getTime() + 5 * 60_000);
    expect(past).toEqual([
      { tier: 'raw', lo: now.getTime(), hi: Date.UTC(2026, 0, 1), weight: -1 },
      { tier: 'monthly', lo: Date.UTC(2025, 0, 1), hi: Date.UTC(2026, 0, 1), weight: 1 },
    ]);
  });

  it('a day to date in UTC reads the day row, minus the (empty) raw readings after now', () => {
    const now = new Date(Date.UTC(2025, 6, 10, 9, 5));
    const pieces = flat(planRollups({ from: new Date(Date.UTC(2025, 6, 10)), to: now }, now));
    // Rows of later days may be named too: they cannot exist yet, so they cost nothing.
    expect(pieces).toEqual([
      { tier: 'raw', lo: now.getTime(), hi: expect.any(Number), weight: -1 },
      { tier: 'daily', lo: Date.UTC(2025, 6, 10), hi: expect.any(Number), weight: 1 },
    ]);
  });

  it('a window in the past reads its edges from the finer tiers', () => {
    const window = { from: new Date(Date.UTC(2025, 2, 3, 10, 30)), to: new Date(Date.UTC(2025, 2, 3, 10, 45)) };
    expect(flat(planRollups(window, new Date(Date.UTC(2026, 0, 1))))).toEqual([
      { tier: 'raw', lo: window.from.getTime(), hi: window.to.getTime(), weight: 1 },
    ]);
  });
});
