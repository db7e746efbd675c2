import { getResource, type ReportAnswer } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScheduledScores } from '../score/score-scheduler';
import { insertReadings } from '../telemetry/measurement-writer';
import { type Context, create, ensure } from '../test/factory';
import { createTestApp, type TestApp } from '../test/test-app';
import { MAX_EMPTY_USE_DAYS } from './report-empty-use';
import { storeReportMonths } from './report-months';

// docs/domain.md#reports: use while empty and completeness over periods longer than MAX_EMPTY_USE_DAYS, read from
// the months the score pass sums (report_month; server.ts hands it storeReportMonths), and the same figures as the rollups give for a shorter period.
// One pod in London without a motion sensor (07:00-22:00 local counted as occupied), 0.5 Ah at 230 V a reading.
let t: TestApp;
let podId: number;
let clientId: number;
const KWH_PER_HOUR = 12 * 0.5 * 0.23; // 12 readings of 0.5 Ah at 230 V

/** An hour of readings from `at` (UTC), one every 5 minutes. */
function hour(sensorId: number, at: string, value = 0.5) {
  const start = Date.parse(at);
  return Array.from({ length: 12 }, (_, i) => ({
    podId,
    sensorType: 'ELECTRICITY',
    sensorId,
    value,
    created: new Date(start + i * 300_000),
  }));
}

const report = async (from: string, to: string) => {
  const res = await t.call('GET', `/api/report?clientId=${clientId}&from=${from}&to=${to}&tz=Europe/London`, {
    token: t.adminToken,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as ReportAnswer;
};

beforeAll(async () => {
  t = await createTestApp();
  const ctx: Context = {};
  clientId = await ensure(t, 'client', ctx);
  ctx.location = await create(t, getResource('location'), ctx, { country: 'UK', city: 'London' });
  await ensure(t, 'area', ctx);
  podId = await create(t, getResource('pod'), ctx, { voltage: 230 });
  const [sensor] = await t.db.query<{ id: number }>("SELECT id FROM sensor WHERE type = 'ELECTRICITY'");
  const sensorId = sensor?.id as number;
  await t.db.query('INSERT INTO pod_sensor (pod_id, sensor_id) VALUES ($1, $2)', [podId, sensorId]);
  const full = Array.from({ length: 24 }, (_, h) => hour(sensorId, `2024-02-05T${String(h).padStart(2, '0')}:00:00Z`));
  const rows = [
    // Two unoccupied hours (02:00 GMT; 03:00 BST) and one occupied (noon), months apart; a complete day in February.
    ...hour(sensorId, '2024-01-15T02:00:00Z'),
    ...hour(sensorId, '2024-06-20T02:00:00Z'),
    ...hour(sensorId, '2024-03-12T12:00:00Z'),
    ...full.flat(),
  ];
  await t.db.transaction((tx) => insertReadings(tx, rows));
});

afterAll(async () => {
  await t?.close();
});

describe('a report longer than a quarter', () => {
  it('leaves use while empty out while its months are not summed, and counts complete days anyway', async () => {
    const r = await report('2024-01-01', '2024-07-18'); // 200 days
    expect(r.period.days).toBeGreaterThan(MAX_EMPTY_USE_DAYS);
    expect(r.emptyUse.electricityKwh).toBeNull();
    expect(r.emptyUse.note).toMatch(/^Use while empty is left out/);
    expect(r.completeness[0]).toMatchObject({ podId, completeDays: 1, days: 200 });
  });

  it('reads the months the score pass summed: a 200-day report gives use while empty, as the rollups do', async () => {
    const quarter = await report('2024-01-01', '2024-03-31'); // read from the rollups: no month summed yet
    await runScheduledScores(t.db, { now: new Date('2024-08-01T00:00:00Z'), afterScores: storeReportMonths }); // six months, three a pass
    await runScheduledScores(t.db, { now: new Date('2024-08-01T00:00:00Z'), afterScores: storeReportMonths });
    const [{ n }] = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM report_month WHERE pod_id = $1', [
      podId,
    ])) as [{ n: number }];
    expect(n).toBe(6); // January to June 2024: July closes ten minutes after its end

    const r = await report('2024-01-01', '2024-07-18');
    expect(r.emptyUse.electricityKwh).toBeCloseTo(11 * KWH_PER_HOUR, 3); // two nights, and 00-07 and 22-24 of 5 February
    expect(r.emptyUse.electricityShare).toBeCloseTo((11 / 27) * 100, 2);
    expect(r.completeness[0]).toMatchObject({ podId, completeDays: 1, days: 200 });
    // The quarter read from stored months agrees with the quarter read from the rollups.
    const again = await report('2024-01-01', '2024-03-31');
    expect(again.emptyUse).toEqual(quarter.emptyUse);
    expect(again.completeness).toEqual(quarter.completeness);
  });
});
