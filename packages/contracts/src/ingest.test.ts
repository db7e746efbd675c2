import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatWireTime, parseWireTime } from './ingest';

/**
 * An independent reading of wire-shaped text: the instant JavaScript makes of it, kept only if it
 * prints back as the same text (a day or hour that does not exist would print as another).
 */
function general(s: string): Date | null {
  const d = new Date(`${s.replace(' ', 'T')}Z`);
  return !Number.isNaN(d.getTime()) && formatWireTime(d) === s ? d : null;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

describe('parseWireTime', () => {
  it('reads any instant it formats', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true }),
        (d) => {
          const whole = new Date(Math.floor(d.getTime() / 1000) * 1000);
          expect(parseWireTime(formatWireTime(whole))).toEqual(whole);
        },
      ),
    );
  });

  it('answers as an independent round-trip reading does for wire-shaped text, dates that do not exist included', () => {
    const field = (max: number, width: number) => fc.integer({ min: 0, max }).map((n) => pad(n, width));
    const text = fc
      .tuple(field(9999, 4), field(13, 2), field(32, 2), field(25, 2), field(61, 2), field(61, 2))
      .map(([y, mo, d, h, mi, s]) => `${y}-${mo}-${d} ${h}:${mi}:${s}`);
    fc.assert(
      fc.property(text, (s) => {
        expect(parseWireTime(s)).toEqual(general(s));
      }),
      { numRuns: 2000 },
    );
    for (const s of [
      '2025-02-29 00:00:00',
      '2024-02-29 23:59:59',
      '2025-04-31 10:00:00',
      '2025-01-01 24:00:00',
      '0999-01-01 00:00:00',
    ]) {
      expect(parseWireTime(s)).toEqual(general(s));
    }
  });

  it("reads JavaScript's own ISO spelling, milliseconds included, as an independent reading does", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }),
        (d) => {
          expect(parseWireTime(d.toISOString())).toEqual(d);
        },
      ),
    );
    const field = (max: number, width: number) => fc.integer({ min: 0, max }).map((n) => pad(n, width));
    const text = fc
      .tuple(field(9999, 4), field(13, 2), field(32, 2), field(25, 2), field(61, 2), field(61, 2), field(999, 3))
      .map(([y, mo, d, h, mi, s, ms]) => `${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`);
    const independent = (s: string) => {
      const d = new Date(s);
      return !Number.isNaN(d.getTime()) && d.toISOString() === s ? d : null;
    };
    fc.assert(
      fc.property(text, (s) => {
        expect(parseWireTime(s)).toEqual(independent(s));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses a day, hour or offset that does not exist in every spelling instead of rolling it over', () => {
    for (const s of [
      '2026-02-30 10:00:00',
      '2026-02-30T10:00:00Z',
      '2026-02-30T10:00:00.000Z',
      '2026-02-29T10:00:00+01:00',
      '2026-04-31T00:00:00',
      '2026-01-01T24:00:00Z',
      '2026-01-01T23:60:00Z',
      '2026-01-01T23:59:60Z',
      '2026-13-01T00:00:00Z',
      '2026-00-10T00:00:00Z',
      '2026-01-01T10:00:00+24:00',
      '2026-01-01T10:00:00+01:60',
    ]) {
      expect(parseWireTime(s), s).toBeNull();
    }
    expect(parseWireTime('2024-02-29T23:30:00-01:00')).toEqual(new Date('2024-03-01T00:30:00Z'));
    expect(parseWireTime('2026-02-28T10:00:00.250+0130')).toEqual(new Date('2026-02-28T08:30:00.250Z'));
  });
});
