import { getResource } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBody } from '../test/factory';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let sensorOf: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  const sensors = await t.db.query<{ id: number; type: string }>(
    'SELECT min(id) AS id, type FROM sensor GROUP BY type',
  );
  sensorOf = Object.fromEntries(sensors.map((s) => [s.type, s.id]));
});
afterAll(() => t?.close());

const rule = getResource('rule');
const NOT_A_NUMBER = 'Threshold must be a numeric value. Please provide a valid number for the threshold.';

async function ruleBody(sensorType: string, thresholdValue: unknown) {
  return { ...(await buildBody(t, rule, {})), sensorId: sensorOf[sensorType], condition: 'greater', thresholdValue };
}
const post = async (body: Record<string, unknown>) => t.call('POST', '/api/rule', { token: t.adminToken, body });
const stored = async (id: number) => (await t.call('GET', `/api/rule/${id}`, { token: t.adminToken })).body.data;

describe('a rule’s threshold is checked against its sensor’s type (docs/screens.md#rule)', () => {
  it.each([
    ['AIR_QUALITY', 5001, 'Air Quality threshold value must be between 0-5000'],
    ['ELECTRICITY', -1, 'Electricity threshold value must be between 0-10000'],
    ['BAROMETRIC', 500, 'Barometric threshold value must be between 870-1080'],
    ['TEMPERATURE', 101, 'Temperature threshold value must be between -40 to 100'],
    ['MOTION', 0.5, 'Motion threshold value must be 0 or 1'],
    ['TEMPERATURE', 'warm', NOT_A_NUMBER],
  ])('refuses %s at %o on create: 400 on thresholdValue, nothing stored', async (type, value, message) => {
    const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM rule');
    const res = await post(await ruleBody(type, value));
    expect(res.status).toBe(400);
    expect(res.body.validationErrors).toEqual({ thresholdValue: [message] });
    expect(await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM rule')).toEqual(before);
  });

  it.each([
    ['AIR_QUALITY', 5000],
    ['TEMPERATURE', -40],
    ['BAROMETRIC', 1013],
    ['MOTION', 1],
    ['LUMINESCENCE', '100000'],
  ])('accepts %s at %o', async (type, value) => {
    const res = await post(await ruleBody(type, value));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ thresholdValue: Number(value) });
  });

  it('checks an update that changes the threshold or the sensor, and leaves the stored rule as it was', async () => {
    const made = await post(await ruleBody('HUMIDITY', 60));
    const id = (made.body.data as { id: number }).id;
    const before = await stored(id);

    const tooHigh = await t.call('PUT', `/api/rule/${id}`, { token: t.adminToken, body: { thresholdValue: 120 } });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.validationErrors).toEqual({
      thresholdValue: ['Humidity threshold value must be between 0-100'],
    });

    // 60 is no pressure: moving the rule to the barometric sensor is checked too.
    const moved = await t.call('PUT', `/api/rule/${id}`, {
      token: t.adminToken,
      body: { sensorId: sensorOf.BAROMETRIC },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.validationErrors).toEqual({
      thresholdValue: ['Barometric threshold value must be between 870-1080'],
    });
    expect(await stored(id)).toEqual(before);

    const fits = await t.call('PUT', `/api/rule/${id}`, {
      token: t.adminToken,
      body: { sensorId: sensorOf.BAROMETRIC, thresholdValue: 1000 },
    });
    expect(fits.status).toBe(200);
    expect(await stored(id)).toMatchObject({ sensorId: sensorOf.BAROMETRIC, thresholdValue: 1000 });
  });

  it('leaves a stored threshold alone when an update changes neither it nor the sensor', async () => {
    const made = await post(await ruleBody('TEMPERATURE', 30));
    const id = (made.body.data as { id: number }).id;
    // A rule from before the check (written around the API), out of its sensor's range.
    await t.db.query('UPDATE rule SET threshold_value = 500 WHERE id = $1', [id]);
    const renamed = await t.call('PUT', `/api/rule/${id}`, {
      token: t.adminToken,
      body: { title: 'Renamed', thresholdValue: 500, sensorId: sensorOf.TEMPERATURE },
    });
    expect(renamed.status).toBe(200);
    expect(await stored(id)).toMatchObject({ title: 'Renamed', thresholdValue: 500 });
  });
});
