import { describe, expect, it } from 'vitest';
import { chartCsvRows, csvTime } from './dashboard-chart-csv';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('chartCsvRows', () => {
  const columns: [number[], ...(number | null | undefined)[][]] = [
    [at('2026-07-01T09:00:00Z'), at('2026-07-01T09:05:00Z'), at('2026-07-01T09:10:00Z'), at('2026-07-01T09:15:00Z')],
    [0.27599999999999997, null, undefined, -3.5],
    [1, null, 2, undefined],
  ];

  it('writes times in the zone, values rounded as shown, rows with nothing left out', () => {
    expect(chartCsvRows({ columns, timeZone: 'Europe/London', valueHeader: 'Electricity (KW/h)' })).toEqual([
      ['Time (Europe/London)', 'Electricity (KW/h)'],
      ['2026-07-01 10:00', 0.28],
      ['2026-07-01 10:15', -3.5],
    ]);
  });

  it('adds the previous period column when it is shown', () => {
    expect(
      chartCsvRows({ columns, timeZone: 'UTC', valueHeader: 'Value', previousHeader: 'Yesterday' }).slice(1),
    ).toEqual([
      ['2026-07-01 09:00', 0.28, 1],
      ['2026-07-01 09:10', null, 2],
      ['2026-07-01 09:15', -3.5, null],
    ]);
  });

  it('reads midnight as 00:00', () => {
    expect(csvTime(at('2026-07-01T23:00:00Z'), 'Europe/London')).toBe('2026-07-02 00:00');
  });
});
