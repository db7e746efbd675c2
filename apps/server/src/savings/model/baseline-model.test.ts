import { describe, expect, it } from 'vitest';
import { fitBaseline } from './baseline-model';
import type { DayRecord } from './day-records';
import { syntheticDays } from './synthetic-days';

const slopes = (m: ReturnType<typeof fitBaseline>) => [m.heatingSlope, m.coolingSlope, m.occupancySlope];

// A term is kept at p < 0.10 after a search over 19 balance points, so pure noise sometimes earns a
// small spurious term: on these sites about 1 seed in 5 (seeds 2 and 8 of 1..20 do; see
// docs/domain.md#measured-baseline). The seeds below are fixed, so each test means the same every run.
describe('fitBaseline recovers known drivers', () => {
  it.each([
    // name, site, drivers, [heating bp, cooling bp], [heating, cooling, occupancy slopes]
    [
      'heating, cooling and occupancy',
      {
        seed: 1,
        base: 50,
        heating: { balancePointC: 15, slope: 3 },
        cooling: { balancePointC: 22, slope: 4 },
        occupancySlope: 2,
        noise: 3,
      },
      ['hdd', 'cdd', 'occupancy'],
      [15, 22],
      [3, 4, 2],
    ],
    [
      'heating only',
      { seed: 12, base: 120, heating: { balancePointC: 17, slope: 6 }, noise: 5 },
      ['hdd'],
      [17, null],
      [6, null, null],
    ],
    [
      'cooling only',
      { seed: 3, base: 80, cooling: { balancePointC: 20, slope: 5 }, noise: 4 },
      ['cdd'],
      [null, 20],
      [null, 5, null],
    ],
    [
      'occupancy only, no weather',
      { seed: 4, base: 30, occupancySlope: 3, noise: 2, noWeather: true },
      ['occupancy'],
      [null, null],
      [null, null, 3],
    ],
  ] as const)('%s', (_, site, drivers, bps, expected) => {
    const m = fitBaseline(syntheticDays(site));
    expect(m.status).toBe('ok');
    expect(m.drivers).toEqual(drivers);
    expect(m.weather).toBe(!('noWeather' in site));
    const [h, c] = bps;
    expect(m.heatingBalancePointC === null ? null : Math.abs(m.heatingBalancePointC - (h ?? 0))).toBe(
      h === null ? null : 0,
    );
    expect(m.coolingBalancePointC === null ? null : Math.abs(m.coolingBalancePointC - (c ?? 0))).toBe(
      c === null ? null : 0,
    );
    slopes(m).forEach((got, i) => {
      const want = expected[i] ?? null;
      if (want === null) expect(got).toBeNull();
      else expect(Math.abs((got ?? 0) / want - 1)).toBeLessThan(0.05);
    });
    expect(m.cvRmse).toBeLessThan(0.25);
    expect([m.daysUsed, m.baselineDays, m.completeness]).toEqual([365, 365, 1]);
  });

  it('an intercept-only site gets the base-only model', () => {
    const m = fitBaseline(syntheticDays({ seed: 5, base: 80, noise: 8 }));
    expect(m).toMatchObject({
      status: 'ok',
      drivers: [],
      heatingSlope: null,
      coolingSlope: null,
      occupancySlope: null,
    });
    expect(m.intercept).toBeCloseTo(80, 0);
  });

  it('never chooses a negative slope: use falling as it gets colder is not heating', () => {
    const m = fitBaseline(syntheticDays({ seed: 6, base: 200, heating: { balancePointC: 15, slope: -3 }, noise: 3 }));
    expect(m.drivers).not.toContain('hdd');
    for (const s of slopes(m)) expect(s === null || s >= 0).toBe(true);
  });

  it.each([
    [
      'occupancy that does not drive use',
      { seed: 7, base: 50, heating: { balancePointC: 15, slope: 3 }, noise: 4 },
      ['hdd'],
    ],
    ['weather that does not drive use', { seed: 12, base: 40, occupancySlope: 2, noise: 3 }, ['occupancy']],
  ] as const)('drops an insignificant term: %s', (_, site, drivers) => {
    expect(fitBaseline(syntheticDays(site)).drivers).toEqual(drivers);
  });
});

/** Marks days as missing: `count` days spread evenly over the list get too few readings. */
function withMissing(days: DayRecord[], count: number): DayRecord[] {
  const step = days.length / count;
  const gone = new Set(Array.from({ length: count }, (_, i) => Math.floor(i * step)));
  return days.map((d, i) => (gone.has(i) ? { ...d, readings: 100 } : d));
}

describe('fitBaseline gates', () => {
  const site = { seed: 9, base: 60, heating: { balancePointC: 16, slope: 4 }, noise: 3 };

  it.each([
    // baseline days, missing days, status, reason
    [
      100,
      40,
      'insufficient-data',
      'Only 60 complete days with an outdoor temperature in the baseline period; at least 90 are needed',
    ],
    [
      60,
      0,
      'insufficient-data',
      'Only 60 complete days with an outdoor temperature in the baseline period; at least 90 are needed',
    ],
    [
      200,
      30,
      'insufficient-data',
      '15.0 % of the baseline days are missing or incomplete (30 of 200); at most 10 % may be',
    ],
    [
      365,
      37,
      'insufficient-data',
      '10.1 % of the baseline days are missing or incomplete (37 of 365); at most 10 % may be',
    ],
    [365, 36, 'ok', null],
    [120, 0, 'provisional', 'The baseline covers 120 days, less than a year, so not every season is in it'],
  ] as const)('%i days with %i missing: %s', (length, missing, status, reason) => {
    const m = fitBaseline(withMissing(syntheticDays({ ...site, days: length }), missing));
    expect([m.status, m.reason]).toEqual([status, reason]);
    expect(m.daysUsed).toBe(length - missing);
    if (status === 'insufficient-data') {
      // Never a made-up number: nothing was fitted.
      expect([m.intercept, m.cvRmse, m.rSquared, m.drivers]).toEqual([null, null, null, []]);
    }
  });

  it('a noisy series fails CV(RMSE) and says by how much', () => {
    const m = fitBaseline(syntheticDays({ seed: 10, base: 50, noise: 45 }));
    expect(m.status).toBe('unreliable-model');
    expect(m.reason).toMatch(
      /^The model explains daily use too loosely \(CV\(RMSE\) \d+\.\d %, at most 25 % allowed\)$/,
    );
    expect(m.cvRmse).toBeGreaterThan(0.25);
  });

  it('counts the days of the period without a record, and days without temperature, as missing', () => {
    const days = syntheticDays({ ...site, days: 365 });
    const noTemp = days.map((d, i) => (i % 10 === 0 ? { ...d, meanOutdoorC: null } : d));
    expect(fitBaseline(noTemp).daysUsed).toBe(365 - 37);
    const period = fitBaseline(days.slice(0, 300), { first: '2023-01-01', last: '2023-12-31' });
    expect([period.status, period.baselineDays, period.daysUsed]).toEqual(['insufficient-data', 365, 300]);
  });

  it('without any temperature the model says so and fits no weather term', () => {
    const m = fitBaseline(syntheticDays({ ...site, noWeather: true }));
    expect(m.weather).toBe(false);
    expect(m.drivers).not.toContain('hdd');
  });

  it.each([
    ['no days at all', [], 'insufficient-data', 'Only 0 complete days in the baseline period; at least 90 are needed'],
    [
      'a meter that used nothing',
      syntheticDays({ ...site, days: 120 }).map((d) => ({ ...d, use: 0 })),
      'unreliable-model',
      'The baseline uses nothing, so no relative error exists',
    ],
  ] as const)('%s: %s', (_, days, status, reason) => {
    expect(fitBaseline(days)).toMatchObject({ status, reason, cvRmse: null });
  });

  it('refuses a day given twice', () => {
    const days = syntheticDays({ ...site, days: 100 });
    expect(() => fitBaseline([...days, days[0] as DayRecord])).toThrow(/given twice/);
  });

  it('the card is plain data that survives JSON', () => {
    const m = fitBaseline(syntheticDays(site));
    expect(JSON.parse(JSON.stringify(m))).toEqual(m);
  });
});
