import { deflateSync } from 'node:zlib';
import { type ReportAnswer, reportAnswer, type SavingsDay } from '@greenpod/contracts';

/**
 * Report answers for the PDF's tests, parsed with the answer's schema so they cannot drift from it: a hotel's
 * month (the realistic one), a client's year of 120 pods (pagination and speed), and one with nothing modelled.
 */

const AREAS = ['Guest rooms', 'Kitchen', 'Lobby', 'Spa', 'Laundry', 'Conference'];
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
// A smooth, repeatable wobble in place of randomness, so the output is the same on every run.
const wobble = (i: number, k: number) => Math.sin(i * 12.9898 + k * 78.233) * 0.5 + Math.sin(i * 0.7 + k) * 0.5;

function dates(from: string, count: number): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

function dailyDays(days: string[], scale: number): SavingsDay[] {
  let cusum = 0;
  return days.map((date, i) => {
    const expected = round(scale * (1 + 0.25 * Math.sin((i / 7) * Math.PI) + 0.05 * wobble(i, 1)));
    // Saving about 8 %, with a bad week in the middle where more was used than expected.
    const bad = i >= days.length / 2 && i < days.length / 2 + 5;
    const actual = round(expected * (bad ? 1.12 : 0.92 + 0.04 * wobble(i, 2)));
    cusum = round(cusum + expected - actual);
    return { date, expected, low: round(expected * 0.9), high: round(expected * 1.1), actual, cusum };
  });
}

export interface FixtureOptions {
  pods?: number;
  from?: string;
  days?: number;
  label?: string;
}

/** A location's month by default: 14 pods across six areas of a London hotel, November 2026. */
export function reportFixture(options: FixtureOptions = {}): ReportAnswer {
  const podCount = options.pods ?? 14;
  const from = options.from ?? '2026-11-01';
  const dayCount = options.days ?? 30;
  const days = dates(from, dayCount);
  const to = days[days.length - 1] ?? from;
  const pods = Array.from({ length: podCount }, (_, i) => ({
    podId: 100 + i,
    podTitle: `Pod ${String(i + 1).padStart(3, '0')} ${['north', 'south', 'east', 'west'][i % 4]}`,
    areaTitle: AREAS[i % AREAS.length] ?? 'Area',
    locationTitle: i < podCount / 2 ? 'Covent Garden' : 'Covent Garden annexe',
  }));
  const daily = dailyDays(days, 28 * podCount);
  const electricity = round(
    daily.reduce((s, d) => s + (d.actual ?? 0), 0),
    1,
  );
  const expectedElectricity = round(
    daily.reduce((s, d) => s + (d.expected ?? 0), 0),
    1,
  );
  const water = round(310 * podCount * dayCount, 0);
  const costElectricity = round(electricity * 0.2834);
  const costWater = round((water / 1000) * 2.1875);
  const standing = round(0.5378 * dayCount * Math.ceil(podCount / 7));
  const rows = pods.flatMap((p, i) => {
    const expected = round((expectedElectricity / podCount) * (1 + 0.2 * wobble(i, 3)), 1);
    const notSignificant = i % 5 === 3;
    const avoided = round(expected * (notSignificant ? 0.01 : 0.06 + 0.04 * wobble(i, 4)), 1);
    const uncertainty = round(avoided * (notSignificant ? 3 : 0.3), 1);
    const electricityRow = {
      ...p,
      sensorType: 'ELECTRICITY' as const,
      unit: 'kWh' as const,
      expected,
      actual: round(expected - avoided, 1),
      avoided,
      uncertainty,
      valueFlat: round(avoided * 0.2834),
      uncertaintyFlat: round(uncertainty * 0.2834),
      valuePercentage: round((avoided / expected) * 100, 1),
      stars: notSignificant ? 0 : Math.min(5, Math.floor(((avoided / expected) * 100) / 5)),
      method: 'model' as const,
      status: notSignificant ? ('not-significant' as const) : ('claimed' as const),
      reason: notSignificant
        ? 'The saving is smaller than its uncertainty (fractional savings uncertainty 300 %)'
        : null,
      periods: 1,
    };
    if (i % 3 !== 0) return [electricityRow];
    const waterRow = {
      ...p,
      sensorType: 'WATER_FLOW' as const,
      unit: 'L' as const,
      expected: null,
      actual: round(310 * dayCount, 0),
      avoided: null,
      uncertainty: null,
      valueFlat: null,
      uncertaintyFlat: null,
      valuePercentage: null,
      stars: 0,
      method: 'tariff' as const,
      status: 'insufficient-data' as const,
      reason: 'Fewer than 9 complete months of readings before the baseline ends',
      periods: 0,
    };
    return [electricityRow, waterRow];
  });
  const claimed = rows.filter((r) => r.status === 'claimed' && r.avoided !== null);
  const avoidedTotal = round(
    claimed.reduce((s, r) => s + (r.avoided ?? 0), 0),
    1,
  );
  const answer = {
    scope: { level: 'location', id: 7, title: 'Covent Garden', path: 'Aurora Hotels / Covent Garden', clientId: 3 },
    period: { from, to, days: dayCount, timeZone: 'Europe/London', label: options.label ?? 'November 2026' },
    generated: '2026-12-01T06:05:00.000Z',
    currency: 'GBP',
    totals: {
      electricityKwh: electricity,
      waterLitres: water,
      cost: round(costElectricity + costWater + standing),
      emissionsKg: round(electricity * 0.124, 1),
    },
    cost: { electricity: costElectricity, water: costWater, standing },
    expected: {
      electricityKwh: expectedElectricity,
      waterLitres: null,
      cost: round(expectedElectricity * 0.2834 + costWater + standing),
      emissionsKg: round(expectedElectricity * 0.124, 1),
      coverage: `${podCount} of ${podCount} pods for electricity; no water baseline yet`,
    },
    lastYear: {
      electricityKwh: round(electricity * 1.07, 1),
      waterLitres: round(water * 1.02, 0),
      cost: round((costElectricity + costWater + standing) * 1.04),
      emissionsKg: round(electricity * 1.07 * 0.207, 1),
      from: dates(from, 1)[0]?.replace(/^\d{4}/, (y) => String(Number(y) - 1)) ?? from,
      to: to.replace(/^\d{4}/, (y) => String(Number(y) - 1)),
      completeness: 0.93,
    },
    emissions: { factor: 0.124, source: 'UK DESNZ 2025 greenhouse gas conversion factors (electricity generation)' },
    savings: {
      rows,
      totals: [
        {
          unit: 'kWh',
          avoided: avoidedTotal,
          uncertainty: round(Math.sqrt(claimed.reduce((s, r) => s + (r.uncertainty ?? 0) ** 2, 0)), 1),
          valueFlat: round(avoidedTotal * 0.2834),
          valuePercentage: round((avoidedTotal / expectedElectricity) * 100, 1),
        },
      ],
    },
    daily: { sensorType: 'ELECTRICITY', unit: 'kWh', days: daily, reason: null },
    score: {
      stars: 4,
      reason: null,
      completeness: 0.96,
      parts: [
        {
          part: 'energy',
          stars: 4,
          value: 8.1,
          unit: '%',
          reference: 'Saving against the measured baseline',
          next: 'Save 10 % or more for 5 stars',
          note: null,
          tipTags: ['ELECTRICITY'],
        },
        {
          part: 'comfort',
          stars: 5,
          value: 97.4,
          unit: '%',
          reference: 'EN 16798-1 category II: 20-26 degC, 25-60 % relative humidity, CO2 under 1,200 ppm',
          next: null,
          note: null,
          tipTags: ['TEMPERATURE', 'HUMIDITY'],
        },
        {
          part: 'waste',
          stars: 3,
          value: 14.6,
          unit: '%',
          reference: 'Share of electricity used while the rooms are empty',
          next: 'Bring use while empty under 10 % for 4 stars',
          note: 'No motion sensor in 2 areas: 07:00-22:00 counted as occupied',
          tipTags: ['MOTION', 'ELECTRICITY'],
        },
      ],
      computed: '2026-12-01T05:40:00.000Z',
      covers: '1 Nov 2026 - 30 Nov 2026',
    },
    notifications: {
      total: 37,
      bySeverity: [
        { severity: 'CRITICAL', count: 3 },
        { severity: 'WARNING', count: 21 },
        { severity: 'INFO', count: 13 },
      ],
      noisiestRules: [
        { ruleId: 11, title: 'Kitchen fridge above 8 degC', podTitle: pods[1]?.podTitle ?? '', count: 14 },
        { ruleId: 12, title: 'Water running at night', podTitle: pods[4]?.podTitle ?? '', count: 9 },
        { ruleId: 13, title: 'CO2 over 1,200 ppm in the conference room', podTitle: pods[5]?.podTitle ?? '', count: 6 },
      ],
    },
    emptyUse: {
      electricityKwh: round(electricity * 0.146, 1),
      electricityShare: 14.6,
      waterLitres: round(water * 0.052, 0),
      waterShare: 5.2,
      note: 'No motion sensor in 2 areas: 07:00-22:00 counted as occupied',
    },
    completeness: pods.map((p, i) => {
      const complete = dayCount - (i % 7 === 2 ? 4 : 0);
      return { ...p, completeDays: complete, days: dayCount, completeness: complete / dayCount };
    }),
  };
  return reportAnswer.parse(answer);
}

/** A client's year: 120 pods and 366 days, the longest report there is. */
export const largeReportFixture = () =>
  reportFixture({ pods: 120, from: '2025-12-01', days: 366, label: '1 Dec 2025 - 1 Dec 2026' });

/** Nothing modelled: no baseline, no score, no emissions factor, no notifications, no days measured. */
export function bareReportFixture(): ReportAnswer {
  const base = reportFixture({ pods: 2 });
  const none = { electricityKwh: null, waterLitres: null, cost: null, emissionsKg: null };
  return reportAnswer.parse({
    ...base,
    totals: { ...base.totals, emissionsKg: null },
    expected: { ...none, coverage: 'No pod has a measured baseline' },
    lastYear: { ...base.lastYear, ...none, completeness: null },
    emissions: { factor: null, source: 'No grid factor is configured and the country has no published factor' },
    savings: { rows: [], totals: [] },
    daily: {
      ...base.daily,
      days: base.daily.days.map((d) => ({ ...d, expected: null, low: null, high: null, cusum: null })),
      reason: 'No pod of this place has a measured baseline',
    },
    score: {
      ...base.score,
      stars: null,
      reason: 'Not enough readings in the last 30 days',
      parts: [],
      completeness: 0.2,
    },
    notifications: { total: 0, bySeverity: [], noisiestRules: [] },
    emptyUse: { electricityKwh: null, electricityShare: null, waterLitres: null, waterShare: null, note: null },
  });
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 240 x 80 PNG logo (a green disc beside a bar), made here so the tests need no image file. */
export function logoPng(): Buffer {
  const [width, height] = [240, 80];
  const rows = Array.from({ length: height }, (_, y) => {
    const row = Buffer.alloc(1 + width * 3, 255);
    row[0] = 0;
    for (let x = 0; x < width; x++) {
      const disc = (x - 40) ** 2 + (y - 40) ** 2 < 30 ** 2;
      const bar = x > 85 && x < 230 && y > 30 && y < 50;
      if (disc || bar) row.set(disc ? [47, 158, 68] : [27, 43, 30], 1 + x * 3);
    }
    return row;
  });
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
