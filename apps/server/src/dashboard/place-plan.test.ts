import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AREA_ROLLUPS, LOCATION_ROLLUPS, type PlaceRollup } from '../telemetry/rollup-tables';
import { type PlaceTerm, placeTerms } from './place-plan';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2025, 0, 1);

/** How many times the terms count a reading stamped t: a place row covers t when its bucket starts in a span. */
const timesCounted = (terms: PlaceTerm[], t: number) =>
  terms.reduce((n, term) => {
    const start = term.level === 'raw' ? t : Math.floor(t / term.level.ms) * term.level.ms;
    return term.spans.some(([lo, hi]) => lo <= start && start < hi) ? n + term.weight : n;
  }, 0);

// Instants on and around 5-minute, hour and month edges, where an off-by-one would show.
const instantArb = fc.oneof(
  fc.integer({ min: T0, max: T0 + 400 * DAY }),
  fc.tuple(fc.integer({ min: 0, max: 400 * 288 }), fc.constantFrom(-1, 0, 1)).map(([m, d]) => T0 + m * 300_000 + d),
  fc.tuple(fc.integer({ min: 0, max: 13 }), fc.constantFrom(-1, 0, 1)).map(([m, d]) => Date.UTC(2025, m, 1) + d),
);

describe('place plans', () => {
  it.each([
    ['location', LOCATION_ROLLUPS],
    ['area', AREA_ROLLUPS],
  ] as [string, readonly PlaceRollup[]][])(
    'count each reading of a %s inside the window once and none outside',
    (_, levels) => {
      fc.assert(
        fc.property(
          instantArb,
          instantArb,
          instantArb,
          fc.array(instantArb, { minLength: 20, maxLength: 20 }),
          (a, b, now, probes) => {
            const window = { from: new Date(Math.min(a, b)), to: new Date(Math.max(a, b)) };
            const inside = (t: number) => (window.from.getTime() <= t && t < window.to.getTime() ? 1 : 0);
            const terms = placeTerms(window, new Date(now), levels);
            for (const t of [...probes, a, b, a - 1, b - 1, now]) expect(timesCounted(terms, t)).toBe(inside(t));
          },
        ),
        { numRuns: 300 },
      );
    },
  );

  it("read a location's Day to date as its day row minus the empty 5-minute and minute rows and raw readings after now", () => {
    const now = new Date(Date.UTC(2025, 6, 10, 9, 7, 30));
    const terms = placeTerms({ from: new Date(Date.UTC(2025, 6, 10)), to: now }, now, LOCATION_ROLLUPS);
    const named = terms.map((t) => ({
      level: t.level === 'raw' ? 'raw' : t.level.name,
      weight: t.weight,
      first: t.spans[0],
    }));
    expect(named).toEqual(
      expect.arrayContaining([
        { level: 'daily', weight: 1, first: [Date.UTC(2025, 6, 10), expect.any(Number)] },
        { level: 'raw', weight: -1, first: [now.getTime(), Date.UTC(2025, 6, 10, 9, 8)] },
        { level: 'minute', weight: -1, first: [Date.UTC(2025, 6, 10, 9, 8), Date.UTC(2025, 6, 10, 9, 10)] },
        { level: 'fiveMinutes', weight: -1, first: [Date.UTC(2025, 6, 10, 9, 10), Date.UTC(2025, 6, 10, 10)] },
      ]),
    );
    // A whole location's raw readings are at most the minute around each end (ADR 0031).
    for (const term of terms.filter((t) => t.level === 'raw'))
      for (const [lo, hi] of term.spans) expect(hi - lo).toBeLessThan(60_000);
  });
});
