import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podWithSensors } from '../test/pod-fixture';
import { locationRollupMismatches } from '../test/rollup-mismatches';
import { createTestApp, type TestApp } from '../test/test-app';
import { startMaintenance } from './maintenance';
import { insertReadings } from './measurement-writer';
import { POD_ROLLUPS } from './rollup-tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

// Raw readings have no foreign keys (migration 008): a sensor is kept by the readings that name it, while a
// pod's readings are its own and go with it (docs/domain.md#hierarchy).
describe('a pod or sensor with readings', () => {
  it('a sensor cannot be deleted; a pod goes with its history, raw or only rollups left after retention', async () => {
    const pod = await podWithSensors(t, ['HUMIDITY']);
    const sensorId = pod.sensors.HUMIDITY as number;
    const old = new Date(Date.now() - 40 * 86_400_000);
    await t.db.transaction((tx) =>
      insertReadings(tx, [{ podId: pod.id, sensorId, sensorType: 'HUMIDITY', value: 40, created: old }]),
    );

    const sensor = await t.call('DELETE', `/api/sensor/${sensorId}`, { token: t.adminToken });
    expect(sensor.status).toBe(409);
    expect(sensor.body.error).toMatch(/measurement/);

    const m = startMaintenance(t.db, { retentionDays: 30, log: t.app.log, everyMs: 3_600_000 });
    await m.run();
    m.stop();
    expect(await t.db.query('SELECT 1 FROM measurement WHERE pod_id = $1', [pod.id])).toEqual([]);
    // Only the rollups remember it now: they go with the pod, and its location counts nothing of it.
    const preview = await t.call('GET', `/api/delete-preview/pod/${pod.id}`, { token: t.adminToken });
    expect(preview.body.data).toMatchObject({ deletes: expect.arrayContaining([{ label: 'rollup rows', count: 3 }]) });
    expect((await t.call('DELETE', `/api/pod/${pod.id}`, { token: t.adminToken })).status).toBe(200);
    expect(await t.db.query('SELECT 1 FROM pod WHERE id = $1', [pod.id])).toEqual([]);
    for (const table of POD_ROLLUPS.map((l) => l.table))
      expect(await t.db.query(`SELECT 1 FROM ${table} WHERE pod_id = $1`, [pod.id])).toEqual([]);
    expect(await locationRollupMismatches(t.db)).toBe(0);
  });
});
