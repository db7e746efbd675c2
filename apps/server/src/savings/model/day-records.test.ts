import { describe, expect, it } from 'vitest';
import {
  completeDays,
  completeness,
  type DayRecord,
  dayNumber,
  daysBetween,
  fillDay,
  isCompleteDay,
} from './day-records';

const day = (over: Partial<DayRecord>): DayRecord => ({
  date: '2024-03-01',
  use: 100,
  readings: 288,
  expectedReadings: 288,
  meanOutdoorC: 10,
  occupiedHours: 8,
  ...over,
});

describe('fillDay', () => {
  it.each([
    // readings, expected, use, complete, filled use
    [288, 288, 100, true, 100],
    [200, 288, 100, true, 144], // 100 x 288 / 200
    [144, 288, 72, true, 144], // exactly half is enough
    [143, 288, 72, false, null],
    [100, 288, 100, false, null],
    [0, 288, 0, false, null],
    [150, 300, 50, true, 100], // a 25-hour clock-change day
    [290, 288, 100, true, 100], // more than expected: taken as is, never scaled down
  ])('%i of %i readings using %d: complete %s, filled %s', (readings, expectedReadings, use, complete, filled) => {
    const d = day({ readings, expectedReadings, use });
    expect(isCompleteDay(d)).toBe(complete);
    expect(fillDay(d)?.filledUse ?? null).toBe(filled);
  });

  it('a day without use is missing whatever its count', () => {
    expect(fillDay(day({ use: null }))).toBeNull();
  });
});

describe('completeDays and completeness', () => {
  const days = [
    day({ date: '2024-03-03', readings: 100 }),
    day({ date: '2024-03-02', readings: 200, use: 50 }),
    day({ date: '2024-03-01' }),
  ];
  it('keeps the complete days, filled, in date order', () => {
    expect(completeDays(days).map((d) => [d.date, d.filledUse])).toEqual([
      ['2024-03-01', 100],
      ['2024-03-02', 72],
    ]);
  });
  it.each([
    [3, 2 / 3],
    [4, 0.5], // a day with no record at all is missing
    [0, 0],
  ])('over %i calendar days: %d', (periodDays, share) => {
    expect(completeness(days, periodDays)).toBeCloseTo(share, 12);
  });
});

describe('dayNumber', () => {
  it.each([
    ['1970-01-01', 0],
    ['2024-03-31', 19813],
  ])('%s is day %i', (date, n) => expect(dayNumber(date)).toBe(n));
  it.each(['2023-02-29', '2024-13-01', '2024-3-1', '2024-03-01T00:00'])('%s is refused', (date) => {
    expect(() => dayNumber(date)).toThrow(RangeError);
  });
  it('counts a leap year', () => expect(daysBetween('2024-01-01', '2024-12-31')).toBe(366));
});
