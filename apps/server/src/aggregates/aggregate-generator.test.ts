import { GRANULARITIES, type Granularity } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireTimeSql } from '../db/wire-time-sql';
import { insertReadings } from '../telemetry/measurement-writer';
import { podWithSensors } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { deleteAggregates, generateAggregates } from './aggregate-generator';
import { periodStart } from './periods';

const TYPES = [
  'ELECTRICITY',
  'WATER_FLOW',
  'TEMPERATURE',
  'MOTION',
  'BAROMETRIC',
  'HUMIDITY',
  'LUMINESCENCE',
  'AIR_QUALITY',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Pod = Awaited<ReturnType<typeof podWithSensors>>;
async function newPod(voltage: 230 | 120): Promise<Pod> {
  const pod = await podWithSensors(t, TYPES);
  await t.db.query('UPDATE pod SET voltage = $1 WHERE id = $2', [voltage, pod.id]);
  return pod;
}
async function put(pod: Pod, readings: [type: string, value: number, created: string][]) {
  await insertReadings(
    t.db,
    readings.map(([type, value, created]) => {
      const sensorId = pod.sensors[type];
      if (sensorId === undefined) throw new Error(`pod has no ${type}`);
      return { podId: pod.id, sensorId, sensorType: type, value, created: new Date(created) };
    }),
  );
}
const rowsOf = (podId: number, granularity: Granularity) =>
  t.db.query<Record<string, unknown>>(
    `SELECT ${wireTimeSql('created')} AS created, electricity, electricity_sum, temperature,
            water, water_sum, motion, pressure, humidity, ambient_light, updated
     FROM aggregated_data WHERE pod_id = $1 AND granularity = $2 ORDER BY created`,
    [podId, granularity],
  );
const at = (s: string) => new Date(s);

describe('generateAggregates (UTC)', () => {
  let pod: Pod;
  beforeAll(async () => {
    pod = await newPod(230);
    await put(pod, [
      // Monday 2024-05-13
      ['ELECTRICITY', 2, '2024-05-13T10:00:00Z'],
      ['ELECTRICITY', 4, '2024-05-13T10:05:00Z'],
      ['WATER_FLOW', 1.5, '2024-05-13T10:00:00Z'],
      ['WATER_FLOW', 2.5, '2024-05-13T23:55:00Z'],
      ['TEMPERATURE', 20, '2024-05-13T00:00:00Z'],
      ['TEMPERATURE', 22, '2024-05-13T13:00:00Z'],
      ['MOTION', 1, '2024-05-13T13:00:00Z'],
      ['MOTION', 0, '2024-05-13T13:05:00Z'],
      ['BAROMETRIC', 1010, '2024-05-13T13:00:00Z'],
      ['HUMIDITY', 40, '2024-05-13T13:00:00Z'],
      ['LUMINESCENCE', 300, '2024-05-13T13:00:00Z'],
      // Tuesday
      ['ELECTRICITY', 3, '2024-05-14T12:00:00Z'],
      // Wednesday: only a sensor kind that is not aggregated, so no row
      ['AIR_QUALITY', 55, '2024-05-15T12:00:00Z'],
      // Monday 2024-05-20, the open day and week at the first "now"
      ['ELECTRICITY', 6, '2024-05-20T09:00:00Z'],
    ]);
  });

  it('writes one row per closed period with readings: exact means, kWh and litres', async () => {
    const now = at('2024-05-20T12:00:00Z');
    expect(await generateAggregates(t.db, 'daily', { timeZone: 'UTC', now })).toBe(2);
    expect(await generateAggregates(t.db, 'weekly', { timeZone: 'UTC', now })).toBe(1);
    expect(await generateAggregates(t.db, 'monthly', { timeZone: 'UTC', now })).toBe(0);

    const daily = await rowsOf(pod.id, 'daily');
    expect(daily.map(({ updated: _, ...r }) => r)).toEqual([
      {
        created: '2024-05-13 00:00:00',
        electricity: 3,
        electricity_sum: 1.38, // (2 + 4) Ah x 230 V / 1000
        temperature: 21,
        water: 2,
        water_sum: 4,
        motion: 0.5,
        pressure: 1010,
        humidity: 40,
        ambient_light: 300,
      },
      {
        created: '2024-05-14 00:00:00',
        electricity: 3,
        electricity_sum: 0.69,
        temperature: null,
        water: null,
        water_sum: null,
        motion: null,
        pressure: null,
        humidity: null,
        ambient_light: null,
      },
    ]);
    const [week] = await rowsOf(pod.id, 'weekly');
    expect(week).toMatchObject({ created: '2024-05-13 00:00:00', electricity: 3, electricity_sum: 2.07, water_sum: 4 });
    expect(week?.electricity_sum).toBeCloseTo(2.07, 12);
  });

  it('is idempotent: a second run writes nothing and changes no row', async () => {
    const now = at('2024-05-20T12:00:00Z');
    const before = await rowsOf(pod.id, 'daily');
    expect(await generateAggregates(t.db, 'daily', { timeZone: 'UTC', now })).toBe(0);
    expect(await rowsOf(pod.id, 'daily')).toEqual(before);
  });

  it('waits a few minutes after a period ends, then generates it', async () => {
    expect(await generateAggregates(t.db, 'daily', { timeZone: 'UTC', now: at('2024-05-21T00:05:00Z') })).toBe(0);
    expect(await generateAggregates(t.db, 'daily', { timeZone: 'UTC', now: at('2024-05-21T00:10:00Z') })).toBe(1);
    const now = at('2024-06-01T00:10:00Z');
    expect(await generateAggregates(t.db, 'weekly', { timeZone: 'UTC', now })).toBe(1);
    expect(await generateAggregates(t.db, 'monthly', { timeZone: 'UTC', now })).toBe(1);
    const [month] = await rowsOf(pod.id, 'monthly');
    expect(month).toMatchObject({ created: '2024-05-01 00:00:00', electricity: 3.75, electricity_sum: 3.45 });
  });

  it('incremental mode skips periods before the latest one; a full run fills them', async () => {
    const now = at('2024-06-01T00:10:00Z');
    await t.db.query(
      "DELETE FROM aggregated_data WHERE pod_id = $1 AND granularity = 'daily' AND created = '2024-05-13T00:00:00Z'",
      [pod.id],
    );
    expect(await generateAggregates(t.db, 'daily', { timeZone: 'UTC', now, onlyAfterLatest: true })).toBe(0);
    expect(await generateAggregates(t.db, 'daily', { timeZone: 'UTC', now })).toBe(1);
  });

  it('delete removes only its granularity', async () => {
    const count = async () =>
      t.db.query<{ granularity: string; n: number }>(
        'SELECT granularity, count(*)::int AS n FROM aggregated_data WHERE pod_id = $1 GROUP BY 1 ORDER BY 1',
        [pod.id],
      );
    expect(await count()).toEqual([
      { granularity: 'daily', n: 3 },
      { granularity: 'monthly', n: 1 },
      { granularity: 'weekly', n: 2 },
    ]);
    expect(await deleteAggregates(t.db, 'weekly')).toBeGreaterThanOrEqual(2);
    expect(await count()).toEqual([
      { granularity: 'daily', n: 3 },
      { granularity: 'monthly', n: 1 },
    ]);
  });
});

describe('generateAggregates in other time zones', () => {
  it('buckets by local days (Europe/London, BST) with the pod voltage', async () => {
    const pod = await newPod(120);
    await put(pod, [
      ['ELECTRICITY', 10, '2024-05-13T22:30:00Z'], // 23:30 BST on the 13th
      ['ELECTRICITY', 20, '2024-05-13T23:30:00Z'], // 00:30 BST on the 14th
    ]);
    // Other tests' pods share the database: look at this pod's rows only.
    await generateAggregates(t.db, 'daily', { timeZone: 'Europe/London', now: at('2024-05-15T00:00:00Z') });
    const rows = await rowsOf(pod.id, 'daily');
    expect(rows.map((r) => [r.created, r.electricity, r.electricity_sum])).toEqual([
      ['2024-05-12 23:00:00', 10, 1.2],
      ['2024-05-13 23:00:00', 20, 2.4],
    ]);
  });

  it('in a half-hour zone an hour bucket goes to the period its start falls in (documented approximation)', async () => {
    const pod = await newPod(230);
    await put(pod, [
      ['TEMPERATURE', 10, '2024-05-13T18:15:00Z'], // 23:45 IST on the 13th, bucket 18:00Z starts 23:30 IST
      ['TEMPERATURE', 30, '2024-05-13T18:45:00Z'], // 00:15 IST on the 14th, same bucket: counted on the 13th
      ['TEMPERATURE', 50, '2024-05-13T19:05:00Z'], // 00:35 IST on the 14th
    ]);
    // The 14th (IST) ends at 18:30Z on the 14th, but its last bucket (18:00Z) fills until 19:00Z: 10 minutes
    // of settling count from then.
    await generateAggregates(t.db, 'daily', { timeZone: 'Asia/Kolkata', now: at('2024-05-14T19:09:00Z') });
    expect((await rowsOf(pod.id, 'daily')).map((r) => r.created)).toEqual(['2024-05-12 18:30:00']);
    await generateAggregates(t.db, 'daily', { timeZone: 'Asia/Kolkata', now: at('2024-05-14T19:10:00Z') });
    const rows = await rowsOf(pod.id, 'daily');
    expect(rows.map((r) => [r.created, r.temperature])).toEqual([
      ['2024-05-12 18:30:00', 20],
      ['2024-05-13 18:30:00', 50],
    ]);
  });
});

describe('period boundaries: TypeScript and the database agree', () => {
  // The SQL groups buckets with date_trunc in the database; the cutoff comes from periods.ts.
  const zones = ['UTC', 'Europe/London', 'America/New_York', 'America/Santiago', 'Asia/Kolkata', 'Australia/Lord_Howe'];
  const instants = [
    '2024-03-10T07:30:00Z',
    '2024-03-31T00:30:00Z',
    '2024-09-08T04:00:00Z',
    '2024-10-27T01:30:00Z',
    '2024-12-31T23:59:59Z',
  ];
  it.each(zones)('in %s', async (tz) => {
    for (const instant of instants) {
      for (const g of GRANULARITIES) {
        const unit = { daily: 'day', weekly: 'week', monthly: 'month' }[g];
        const [row] = await t.db.query<{ start: Date }>(
          'SELECT date_trunc($1::text, $2::timestamptz AT TIME ZONE $3::text) AT TIME ZONE $3::text AS start',
          [unit, instant, tz],
        );
        expect([instant, g, row?.start.toISOString()]).toEqual([
          instant,
          g,
          periodStart(at(instant), g, tz).toISOString(),
        ]);
      }
    }
  });
});
