import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factory';
import { podWithSensors } from '../test/pod-fixture';
import { locationRollupMismatches, podRollupMismatches } from '../test/rollup-mismatches';
import { createTestApp, type TestApp } from '../test/test-app';
import { insertReadings } from './measurement-writer';
import { POD_ROLLUPS } from './rollup-tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const mismatches = (podId: number) => podRollupMismatches(t.db, podId);

describe('readings added or deleted by an administrator', () => {
  it('keep the hourly, daily and monthly rollups equal to the raw readings', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    const sensorId = pod.sensors.TEMPERATURE as number;
    const now = Date.now();
    const rows = [5, 7, 9].map((value, i) => ({
      podId: pod.id,
      sensorId,
      sensorType: 'TEMPERATURE',
      value,
      created: new Date(now - (i + 1) * 60_000),
    }));
    await t.db.transaction((tx) => insertReadings(tx, rows));
    expect(await mismatches(pod.id)).toBe(0);

    const created = await t.call('POST', '/api/measurement', {
      token: t.adminToken,
      body: { groupId: pod.ctx.group, clientId: pod.ctx.client, podId: pod.id, sensorId, value: 100 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await mismatches(pod.id)).toBe(0);
    const [hour] = await t.db.query<{ count: number; max: number }>(
      'SELECT sum(count)::int AS count, max(max) AS max FROM measurement_monthly WHERE pod_id = $1',
      [pod.id],
    );
    expect(hour).toEqual({ count: 4, max: 100 });

    // Deleting the highest reading must bring max back down; deleting all must leave no rollup rows.
    const id = (created.body.data as { id: number }).id;
    expect((await t.call('DELETE', `/api/measurement/${id}`, { token: t.adminToken })).status).toBe(200);
    expect(await mismatches(pod.id)).toBe(0);
    for (const { id: other } of await t.db.query<{ id: number }>('SELECT id FROM measurement WHERE pod_id = $1', [
      pod.id,
    ])) {
      expect((await t.call('DELETE', `/api/measurement/${other}`, { token: t.adminToken })).status).toBe(200);
      expect(await mismatches(pod.id)).toBe(0);
    }
    for (const level of POD_ROLLUPS) {
      expect(await t.db.query(`SELECT 1 FROM ${level.table} WHERE pod_id = $1`, [pod.id])).toEqual([]);
    }
  });
});

describe('a reading edited by an administrator (PUT /api/measurement/:id)', () => {
  const HOUR = 3_600_000;
  // Two pods of one location, readings over three hours of two days and two months.
  async function setUp() {
    const first = await podWithSensors(t, ['TEMPERATURE', 'HUMIDITY']);
    const second = await podWithSensors(t, ['TEMPERATURE', 'HUMIDITY'], { ...first.ctx });
    const start = Date.UTC(2026, 0, 31, 22, 30);
    const rows = [first, second].flatMap((pod) =>
      [3, 8, 5, 12, 7, 1].map((value, i) => ({
        podId: pod.id,
        sensorId: pod.sensors.TEMPERATURE as number,
        sensorType: 'TEMPERATURE',
        value,
        created: new Date(start + i * HOUR * 0.5),
      })),
    );
    await t.db.transaction((tx) => insertReadings(tx, rows));
    const ids = await t.db.query<{ id: number; value: number }>(
      'SELECT id, value FROM measurement WHERE pod_id = $1 ORDER BY created',
      [first.id],
    );
    return { first, second, ids };
  }
  const exact = async (...pods: number[]) => {
    for (const pod of pods) expect(await mismatches(pod)).toBe(0);
    expect(await locationRollupMismatches(t.db)).toBe(0);
  };
  const put = (id: number, body: object, token = t.adminToken) =>
    t.call('PUT', `/api/measurement/${id}`, { token, body });

  it('keeps the pod and location rollups equal to the raw readings through value, sensor and pod changes', async () => {
    const { first, second, ids } = await setUp();
    await exact(first.id, second.id);
    const highest = ids.find((r) => r.value === 12) as { id: number };
    const lowest = ids.find((r) => r.value === 1) as { id: number };

    // The highest reading lowered: max must come down; the lowest raised: min must come up.
    const lowered = await put(highest.id, { value: 4 });
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    expect(lowered.body.data).toMatchObject({ id: highest.id, value: 4, sensorType: 'TEMPERATURE' });
    await exact(first.id, second.id);
    expect((await put(lowest.id, { value: 99 })).status).toBe(200);
    await exact(first.id, second.id);
    const [month] = await t.db.query<{ count: number; sum: number; max: number }>(
      'SELECT sum(count)::int AS count, sum(sum) AS sum, max(max) AS max FROM measurement_monthly WHERE pod_id = $1',
      [first.id],
    );
    expect(month).toEqual({ count: 6, sum: 3 + 8 + 5 + 4 + 7 + 99, max: 99 });

    // Another sensor of the pod (its type follows), then another pod: both pods' rows stay exact.
    const moved = ids[0] as { id: number };
    const humid = await put(moved.id, { sensorId: first.sensors.HUMIDITY });
    expect(humid.body.data).toMatchObject({ sensorType: 'HUMIDITY' });
    await exact(first.id, second.id);
    expect((await put(moved.id, { podId: second.id, sensorId: second.sensors.HUMIDITY, value: 50 })).status).toBe(200);
    await exact(first.id, second.id);
    const [types] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM measurement_hourly WHERE pod_id = $1 AND sensor_type = 'HUMIDITY'`,
      [first.id],
    );
    expect(types?.n).toBe(0);
  });

  it('refuses bad input and other callers with nothing written', async () => {
    const { first, second, ids } = await setUp();
    const target = ids[1] as { id: number; value: number };
    const snapshot = async () =>
      JSON.stringify([
        await t.db.query('SELECT * FROM measurement WHERE id = $1', [target.id]),
        await t.db.query('SELECT * FROM measurement_hourly WHERE pod_id = ANY($1::int[]) ORDER BY 1, 2, 3', [
          [first.id, second.id],
        ]),
        await t.db.query('SELECT * FROM measurement_location_5min ORDER BY 1, 2'),
      ]);
    const before = await snapshot();
    const viewer = await createUser(t, 2);
    const cases: [object, number, string, string?][] = [
      [{ value: 'abc' }, 400, 'value'],
      [{ value: 1e13 }, 400, 'value'],
      [{ sensorId: 999_999 }, 400, 'sensorId'],
      // A sensor the pod does not carry.
      [
        { sensorId: (await t.db.query<{ id: number }>(`SELECT id FROM sensor WHERE type = 'MOTION'`))[0]?.id ?? 0 },
        400,
        'sensorId',
      ],
      [{ value: 5 }, 403, '', viewer.token],
    ];
    for (const [body, status, field, token] of cases) {
      const res = await put(target.id, body, token);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      if (field) expect(res.body.validationErrors?.[field], JSON.stringify(res.body)).toBeDefined();
    }
    expect((await put(999_999, { value: 5 })).status).toBe(404);
    expect(await snapshot()).toBe(before);
    await exact(first.id, second.id);
  });
});
