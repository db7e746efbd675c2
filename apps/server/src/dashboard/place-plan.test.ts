import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AREA_ROLLUPS, LOCATION_ROLLUPS, type PlaceRollup, RAW_LOCATION_ROLLUPS } from '../telemetry/rollup-tables';
import { type PlaceTerm, placeTerms, splitEnds } from './place-plan';
import type { Span } from './window';

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

/** An instant of `far`, or an offset of up to 90 s from another. */
const nearOr = (far: fc.Arbitrary<number>) =>
  fc.oneof(
    far.map((t) => ({ far: t, near: undefined })),
    fc.integer({ min: -90_000, max: 90_000 }).map((d) => ({ far: 0, near: d })),
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
          nearOr(instantArb),
          nearOr(instantArb),
          fc.array(instantArb, { minLength: 20, maxLength: 20 }),
          (a, b0, now0, probes) => {
            // Ends and now within a minute and a half of each other too, where pieces of one minute meet.
            const b = b0.near === undefined ? b0.far : a + b0.near;
            const now = now0.near === undefined ? now0.far : b + now0.near;
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

  describe("a chart's raw spans (splitEnds)", () => {
    const fine = [...RAW_LOCATION_ROLLUPS].reverse(); // coarsest first, as charts pass them
    const minute = fine.at(-1) as PlaceRollup;
    const within = (spans: readonly Span[], t: number) => spans.some(([lo, hi]) => lo <= t && t < hi);
    /** How many times the split counts a reading stamped t (rows count it when their bucket starts in a span). */
    const counted = (split: ReturnType<typeof splitEnds>, t: number) => {
      const startIn = (level: PlaceRollup, spans: readonly Span[]) =>
        within(spans, Math.floor(t / level.ms) * level.ms);
      let n = within(split.ends, t) ? 1 : 0;
      for (const m of split.middles) if (startIn(m.level, m.spans)) n += 1;
      for (const b of split.back) {
        if (startIn(b.level, [b.bucket])) n += 1;
        if (within(b.minus, t)) n -= 1;
      }
      return n;
    };

    it('count each reading inside the spans once and none outside, whichever way each end is read', () => {
      fc.assert(
        fc.property(
          instantArb,
          fc.integer({ min: 0, max: 3 * HOUR }),
          instantArb,
          fc.array(instantArb),
          (a, length, now, probes) => {
            const span: Span = [a, a + length];
            const split = splitEnds([span], fine, now);
            for (const t of [...probes, a - 1, a, a + length - 1, a + length, now, now - 1])
              expect(counted(split, t)).toBe(within([span], t) ? 1 : 0);
            for (const b of split.back) expect(b.bucket[1] - b.bucket[0]).toBe(60_000);
          },
        ),
        { numRuns: 500 },
      );
    });

    it('read an end at now as its minute row minus the readings after now, and a start by its shorter side', () => {
      const at = (h: number, m: number, sec = 0) => Date.UTC(2025, 6, 10, h, m, sec);
      // Live at 09:07:50: the start is 50 s into its minute, so its 10 s are read raw; the end's 50 s are its
      // minute's row minus the readings after now.
      const split = splitEnds([[at(8, 37, 50), at(9, 7, 50)]], fine, at(9, 7, 50));
      expect(split.ends).toEqual([[at(8, 37, 50), at(8, 38)]]);
      expect(split.back).toEqual([
        {
          level: minute,
          end: [at(9, 7), at(9, 7, 50)],
          bucket: [at(9, 7), at(9, 8)],
          minus: [[at(9, 7, 50), at(9, 8)]],
        },
      ]);
      // At 09:08:10 the start's 50 s are its minute's row minus its first 10 s.
      const later = splitEnds([[at(8, 38, 10), at(9, 8, 10)]], fine, at(9, 8, 10));
      expect(later.ends).toEqual([]);
      expect(later.back.map((b) => b.minus)).toEqual([[[at(8, 38), at(8, 38, 10)]], [[at(9, 8, 10), at(9, 9)]]]);
      // A past window's end pays for the readings after it: its 10 s are cheaper raw.
      expect(splitEnds([[at(8, 38, 10), at(9, 8, 10)]], fine, at(12, 0)).back.map((b) => b.end)).toEqual([
        [at(8, 38, 10), at(8, 39)],
      ]);
    });
  });
});
