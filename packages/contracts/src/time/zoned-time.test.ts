import { describe, expect, it } from 'vitest';
import { addMonths, startOfDay, wallTimeAt, zonedToUtc } from './zoned-time';

const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

const wall = (year: number, month: number, day: number, hour = 0, minute = 0) => ({
  year,
  month,
  day,
  hour,
  minute,
  second: 0,
});

describe('zoned time', () => {
  it('reads the wall clock in a zone, midnight as 0', () => {
    expect(wallTimeAt(Date.parse('2026-07-01T23:00:00Z'), 'Europe/London')).toEqual(wall(2026, 7, 2));
  });

  it('takes the first of a repeated hour and pushes a skipped one forward', () => {
    expect(new Date(zonedToUtc(wall(2026, 10, 25, 1, 30), 'Europe/London')).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(new Date(zonedToUtc(wall(2026, 3, 29, 1, 30), 'Europe/London')).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });

  it('normalises overflowing days', () => {
    expect(new Date(zonedToUtc(wall(2026, 3, 0), 'UTC')).toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });

  it('adds months clamping the day', () => {
    expect(addMonths(wall(2026, 3, 31), -1)).toEqual(wall(2026, 2, 28));
    expect(addMonths(wall(2028, 2, 29), 12)).toEqual(wall(2029, 2, 28));
    expect(addMonths(wall(2026, 1, 15), -13)).toEqual(wall(2024, 12, 15));
  });
});

describe('zonedToUtc around DST', () => {
  it.each([
    [
      'a wall time of the spring gap moves forward',
      { year: 2026, month: 3, day: 29, hour: 1, minute: 30, second: 0 },
      '2026-03-29T01:30:00.000Z',
    ],
    [
      'the repeated autumn hour takes the first',
      { year: 2026, month: 10, day: 25, hour: 1, minute: 30, second: 0 },
      '2026-10-25T00:30:00.000Z',
    ],
    [
      'after the autumn hour',
      { year: 2026, month: 10, day: 25, hour: 2, minute: 0, second: 0 },
      '2026-10-25T02:00:00.000Z',
    ],
  ])('%s', (_name, wall, expected) => {
    expect(iso(zonedToUtc(wall, 'Europe/London'))).toBe(expected);
  });

  it('a day whose midnight is skipped starts when the clocks resume (Santiago, 2026-09-06)', () => {
    expect(iso(startOfDay(at('2026-09-06T12:00:00Z'), 'America/Santiago'))).toBe('2026-09-06T04:00:00.000Z');
  });
});
