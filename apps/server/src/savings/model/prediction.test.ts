import { describe, expect, it } from 'vitest';
import type { BaselineModel } from './baseline-model';
import { predictDay, predictPeriod } from './prediction';

/** A card as fitBaseline would store it: base 50, 3 per HDD(15), 4 per CDD(22), 2 per occupied hour. */
const model: BaselineModel = {
  status: 'ok',
  reason: null,
  drivers: ['hdd', 'cdd', 'occupancy'],
  heatingBalancePointC: 15,
  coolingBalancePointC: 22,
  intercept: 50,
  heatingSlope: 3,
  coolingSlope: 4,
  occupancySlope: 2,
  rSquared: 0.97,
  adjustedRSquared: 0.97,
  cvRmse: 0.05,
  nmbe: 0,
  autocorrelation: 0.1,
  daysUsed: 365,
  baselineDays: 365,
  completeness: 1,
  weather: true,
};
const day = (meanOutdoorC: number | null, occupiedHours: number | null, date = '2024-01-01') => ({
  date,
  meanOutdoorC,
  occupiedHours,
});

describe('predictDay', () => {
  it.each([
    // outdoor, occupied hours, expected use
    [5, 10, 50 + 3 * 10 + 2 * 10],
    [18, 0, 50],
    [30, 8, 50 + 4 * 8 + 2 * 8],
    [null, 8, null], // the model uses degree days: no temperature, no prediction
    [10, null, null],
  ])('%s degC, %s hours: %s', (t, h, use) => {
    expect(predictDay(model, day(t, h))).toBe(use);
  });

  it('a base-only model needs no drivers', () => {
    const base: BaselineModel = {
      ...model,
      drivers: [],
      heatingBalancePointC: null,
      coolingBalancePointC: null,
      heatingSlope: null,
      coolingSlope: null,
      occupancySlope: null,
    };
    expect(predictDay(base, day(null, null))).toBe(50);
  });

  it.each([
    ['provisional', 60],
    ['insufficient-data', null],
    ['unreliable-model', null],
  ] as const)('a %s model predicts %s', (status, use) => {
    expect(predictDay({ ...model, status }, day(18, 5))).toBe(use);
  });
});

describe('predictPeriod', () => {
  it('sums the days', () => {
    const p = predictPeriod(model, [day(5, 10, '2024-01-01'), day(18, 0, '2024-01-02')]);
    expect(p).toEqual({ expected: 150, days: 2, unpredictableDates: [], reason: null });
  });

  it('one day without its drivers makes the period unpredictable, naming the day', () => {
    const p = predictPeriod(model, [day(5, 10, '2024-01-01'), day(null, 0, '2024-01-02')]);
    expect(p.expected).toBeNull();
    expect(p.unpredictableDates).toEqual(['2024-01-02']);
    expect(p.reason).toBe('1 reporting day lacks the outdoor temperature or occupied hours the model needs');
  });

  it.each([
    [{ ...model, status: 'unreliable-model', reason: 'too loose' } as BaselineModel, [day(5, 10)], 'too loose'],
    [model, [], 'The reporting period has no days'],
  ])('refuses %#: %s', (m, days, reason) => {
    expect(predictPeriod(m, days)).toMatchObject({ expected: null, reason });
  });
});
