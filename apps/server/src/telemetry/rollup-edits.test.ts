import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podWithSensors } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { insertReadings } from './measurement-writer';
import { POD_ROLLUPS } from './rollup-tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Rows where a rollup level differs from the same level rebuilt from raw readings (either side missing counts). */
async function mismatches(podId: number) {
  let n = 0;
  for (const level of POD_ROLLUPS) {
    const [row] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT * FROM ${level.table} WHERE pod_id = $1) h
       FULL JOIN (SELECT pod_id, sensor_type, ${level.bucket('created')} AS bucket, count(*)::int AS c, sum(value) AS s, min(value) AS lo, max(value) AS hi
                  FROM measurement WHERE pod_id = $1 GROUP BY 1, 2, 3) r USING (pod_id, sensor_type, bucket)
       WHERE h.count IS DISTINCT FROM r.c OR NOT abs(h.sum - r.s) < 1e-9 OR h.min <> r.lo OR h.max <> r.hi`,
      [podId],
    );
    n += row?.n ?? 0;
  }
  return n;
}

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
