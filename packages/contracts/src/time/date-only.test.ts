import { describe, expect, it } from 'vitest';
import { isDateOnly, parseDateOnly } from './date-only';

describe('date-only values', () => {
  it.each([
    ['2026-02-28', true],
    ['2026-02-29', false],
    ['2024-02-29', true],
    ['2026-13-01', false],
    ['26-01-01', false],
    ['2026-1-1', false],
    ['', false],
    // Both sides refuse what the web refused: Date.UTC reads 0050 as 1950, and nothing predates 1970.
    ['0050-01-01', false],
    ['1969-12-31', false],
    ['1970-01-01', true],
  ])('knows %s is a day: %s', (value, ok) => {
    expect(isDateOnly(value)).toBe(ok);
  });

  it('reads the fields of a real day', () => {
    expect(parseDateOnly('2026-03-29')).toEqual({ year: 2026, month: 3, day: 29 });
    expect(parseDateOnly(undefined)).toBeNull();
  });
});
