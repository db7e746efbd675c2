import { describe, expect, it } from 'vitest';
import { dayTicks, niceTicks, runs } from './chart-scale';

describe('niceTicks', () => {
  it.each([
    [0, 546, [0, 200, 400, 600]],
    [0, 9.3, [0, 2, 4, 6, 8, 10]],
    [-120, 480, [-200, 0, 200, 400, 600]],
    [-35, -5, [-40, -30, -20, -10, 0]],
    // One value, or none but zero: still an axis with a span.
    [0, 0, [-1, -0.5, 0, 0.5, 1]],
  ])('%d..%d', (min, max, ticks) => {
    expect(niceTicks(min, max)).toEqual(ticks);
  });
});

describe('dayTicks', () => {
  const days = (from: string, count: number) =>
    Array.from({ length: count }, (_, i) =>
      new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    );

  it('labels every fifth day of a month', () => {
    expect(dayTicks(days('2026-11-01', 30)).map((t) => t.label)).toEqual([
      '1 Nov',
      '6 Nov',
      '11 Nov',
      '16 Nov',
      '21 Nov',
      '26 Nov',
    ]);
  });

  it('labels the first of each month over a year, with the year where it turns', () => {
    const ticks = dayTicks(days('2025-12-01', 366));
    expect(ticks.map((t) => t.label)).toEqual(['Dec', 'Feb', 'Apr', 'Jun', 'Aug', 'Oct', 'Dec']);
    expect(dayTicks(days('2025-12-01', 366), 13).map((t) => t.label)[1]).toBe('Jan 2026');
  });

  it('labels a single day', () => {
    expect(dayTicks(['2026-11-05'])).toEqual([{ index: 0, label: '5 Nov' }]);
  });
});

describe('runs', () => {
  it('breaks a line where a day has no value', () => {
    expect(runs([1, 2, null, 3, null, null, 4, 5])).toEqual([[0, 1], [3], [6, 7]]);
    expect(runs([null, null])).toEqual([]);
  });
});
