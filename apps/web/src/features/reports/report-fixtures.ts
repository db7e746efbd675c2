import { type ReportAnswer, reportAnswer } from '@greenpod/contracts';

const days = Array.from({ length: 31 }, (_, i) => {
  const expected = 100;
  const actual = 86;
  return {
    date: `2026-10-${String(i + 1).padStart(2, '0')}`,
    expected,
    low: 92,
    high: 108,
    actual,
    cusum: (i + 1) * (expected - actual),
  };
});

/** A location's October 2026, as the server answers it (checked against the contract, so it cannot drift). */
export const REPORT: ReportAnswer = reportAnswer.parse({
  scope: {
    level: 'location',
    id: 1,
    title: 'Aurora Dubai',
    path: 'Aurora Hotels / Aurora Dubai',
    clientId: 7,
  },
  period: { from: '2026-10-01', to: '2026-10-31', days: 31, timeZone: 'UTC', label: 'October 2026' },
  generated: '2026-11-02T09:00:00.000Z',
  currency: 'EUR',
  totals: { electricityKwh: 2666, waterLitres: 48_200, cost: 812.45, emissionsKg: 554.53 },
  cost: { electricity: 666.5, water: 96.4, standing: 49.55 },
  expected: {
    electricityKwh: 3100,
    waterLitres: null,
    cost: 920.1,
    emissionsKg: 644.8,
    coverage: '1 of 2 pods: the water meter has no measured baseline',
  },
  lastYear: {
    electricityKwh: 2800,
    waterLitres: 50_000,
    cost: 790,
    emissionsKg: 582.4,
    from: '2025-10-01',
    to: '2025-10-31',
    completeness: 0.97,
  },
  emissions: { factor: 0.208, source: 'UK DESNZ 2024 conversion factors' },
  savings: {
    rows: [
      {
        podId: 111,
        podTitle: 'Room 101',
        areaTitle: 'First floor',
        sensorType: 'ELECTRICITY',
        unit: 'kWh',
        expected: 3100,
        actual: 2666,
        avoided: 434,
        uncertainty: 61,
        valueFlat: 108.5,
        uncertaintyFlat: 15.25,
        valuePercentage: 14,
        stars: 4,
        method: 'model',
        status: 'claimed',
        reason: null,
        periods: 1,
      },
      {
        podId: 112,
        podTitle: 'Kitchen',
        areaTitle: 'Ground floor',
        sensorType: 'WATER_FLOW',
        unit: 'L',
        expected: 600,
        actual: 630,
        avoided: -30,
        uncertainty: null,
        valueFlat: -0.09,
        uncertaintyFlat: null,
        valuePercentage: -5,
        stars: 1,
        method: 'tariff',
        status: 'tariff',
        reason: 'Only 40 of the 90 baseline days have readings',
        periods: 1,
      },
    ],
    totals: [{ unit: 'kWh', avoided: 434, uncertainty: 61, valueFlat: 108.5, valuePercentage: 14 }],
  },
  daily: { sensorType: 'ELECTRICITY', unit: 'kWh', days, reason: null },
  score: {
    stars: 4,
    reason: null,
    completeness: 0.97,
    parts: [
      {
        part: 'energy',
        stars: 4,
        value: 14,
        unit: '%',
        reference: 'Against the measured baseline',
        next: 'save 20 %',
        note: null,
        tipTags: ['ELECTRICITY'],
      },
      {
        part: 'comfort',
        stars: 3,
        value: 81,
        unit: '%',
        reference: 'EN 16798-1 category II: 20-26 degC',
        next: '90 % of occupied hours in range',
        note: null,
        tipTags: ['TEMPERATURE'],
      },
    ],
    computed: '2026-11-02T08:45:00.000Z',
    covers: '3 Oct 2026 - 1 Nov 2026',
  },
  notifications: {
    total: 12,
    bySeverity: [
      { severity: 'Alert', count: 3 },
      { severity: 'Warning', count: 9 },
    ],
    noisiestRules: [{ ruleId: 5, title: 'Fridge too warm', podTitle: 'Kitchen', count: 9 }],
  },
  emptyUse: {
    electricityKwh: 310.2,
    electricityShare: 11.6,
    waterLitres: null,
    waterShare: null,
    note: 'No motion sensor in 1 area: 07:00-22:00 counted as occupied',
  },
  completeness: [
    {
      podId: 111,
      podTitle: 'Room 101',
      areaTitle: 'First floor',
      locationTitle: 'Aurora Dubai',
      completeDays: 31,
      days: 31,
      completeness: 1,
    },
    {
      podId: 112,
      podTitle: 'Kitchen',
      areaTitle: 'Ground floor',
      locationTitle: 'Aurora Dubai',
      completeDays: 28,
      days: 31,
      completeness: 0.9032,
    },
  ],
});

/** The same place with nothing measured: every figure null. */
export const NOTHING_MEASURED: ReportAnswer = reportAnswer.parse({
  ...REPORT,
  totals: { electricityKwh: null, waterLitres: null, cost: null, emissionsKg: null },
  cost: { electricity: null, water: null, standing: null },
  expected: {
    electricityKwh: null,
    waterLitres: null,
    cost: null,
    emissionsKg: null,
    coverage: 'No pod here has a baseline',
  },
  lastYear: {
    ...REPORT.lastYear,
    electricityKwh: null,
    waterLitres: null,
    cost: null,
    emissionsKg: null,
    completeness: 0,
  },
  savings: { rows: [], totals: [] },
  daily: { sensorType: 'ELECTRICITY', unit: 'kWh', days: [], reason: 'No pod here has a usable measured baseline' },
  score: {
    stars: null,
    reason: 'Not enough readings in the last 30 days',
    completeness: 0,
    parts: [],
    computed: null,
    covers: '',
  },
  notifications: { total: 0, bySeverity: [], noisiestRules: [] },
  emptyUse: { electricityKwh: null, electricityShare: null, waterLitres: null, waterShare: null, note: null },
  completeness: REPORT.completeness.map((c) => ({ ...c, completeDays: 0, completeness: 0 })),
});

/** A place with no pods at all. */
export const NO_PODS: ReportAnswer = reportAnswer.parse({ ...NOTHING_MEASURED, completeness: [] });
