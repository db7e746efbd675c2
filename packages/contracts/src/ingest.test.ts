import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatWireTime, parseWireTime } from './ingest';

/** What parseWireTime answered before its fast path: the general reading of the format. */
function general(s: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(s.trim());
  if (!m) return null;
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${m[7] ?? ''}${m[8] ?? 'Z'}`);
  return Number.isNaN(d.getTime()) ? null : d;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

describe('parseWireTime', () => {
  it('reads any instant it formats', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true }), (d) => {
        const whole = new Date(Math.floor(d.getTime() / 1000) * 1000);
        expect(parseWireTime(formatWireTime(whole))).toEqual(whole);
      }),
    );
  });

  it('answers as the general reading does for wire-shaped text, dates that do not exist included', () => {
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
    for (const s of ['2025-02-29 00:00:00', '2024-02-29 23:59:59', '2025-04-31 10:00:00', '2025-01-01 24:00:00', '0999-01-01 00:00:00']) {
      expect(parseWireTime(s)).toEqual(general(s));
    }
  });
});
