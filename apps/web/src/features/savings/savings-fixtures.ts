import type { SavingCard, SavingsSummary } from '@greenpod/contracts';

/** A claimed model saving: 412 kWh +/- 61 kWh of 2,900 expected, €49.44 of a €60.00 goal. */
export const CLAIMED: SavingCard = {
  podId: 111,
  podTitle: 'Room 101',
  areaTitle: 'First floor',
  locationTitle: 'Aurora Dubai',
  sensorType: 'ELECTRICITY',
  unit: 'kWh',
  periodStart: '2026-10-01',
  periodEnd: '2026-10-31',
  timeRange: 'October 2026',
  expected: 2900,
  actual: 2488,
  avoided: 412,
  uncertainty: 61,
  valueFlat: 49.44,
  uncertaintyFlat: 7.32,
  currency: 'EUR',
  valuePercentage: 14.2,
  stars: 2,
  method: 'model',
  status: 'claimed',
  reason: null,
  methodText: 'against the measured baseline: weather and occupancy',
  goal: 60,
  goalProgress: 82.4,
  level: 'HIGH',
  periods: 1,
};

/** The tariff's fixed baseline, more used than expected, a low goal level, with a reason. */
export const OVERUSED: SavingCard = {
  ...CLAIMED,
  podId: 112,
  podTitle: 'Kitchen',
  sensorType: 'WATER_FLOW',
  unit: 'L',
  expected: 600,
  actual: 630,
  avoided: -30,
  uncertainty: null,
  valueFlat: -0.09,
  uncertaintyFlat: null,
  valuePercentage: -5,
  stars: 0,
  method: 'tariff',
  status: 'insufficient-data',
  reason: 'Only 40 of the 90 baseline days have readings, so the tariff’s fixed value is used.',
  methodText: 'against the tariff’s fixed value',
  goal: 10,
  goalProgress: -0.9,
  level: 'LOW',
};

export const summaryOf = (cards: SavingCard[], over: Partial<SavingsSummary> = {}): SavingsSummary => ({
  window: 'month',
  from: '2026-10-01',
  to: '2026-10-31',
  cards,
  chart: {
    sensorType: 'ELECTRICITY',
    unit: 'kWh',
    days: [
      { date: '2026-10-01', expected: 95, low: 90, high: 100, actual: 80, cusum: 15 },
      { date: '2026-10-02', expected: 96, low: 91, high: 101, actual: 90, cusum: 21 },
    ],
    reason: null,
  },
  ...over,
});
