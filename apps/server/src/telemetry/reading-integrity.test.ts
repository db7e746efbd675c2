import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podWithSensors } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { startMaintenance } from './maintenance';
import { insertReadings } from './measurement-writer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

// Raw readings have no foreign keys (migration 008): these are what still keeps them attached.
describe('a pod or sensor with readings', () => {
  it('cannot be deleted, with raw readings or with only rollups left after retention', async () => {
    const pod = await podWithSensors(t, ['HUMIDITY']);
    const sensorId = pod.sensors.HUMIDITY as number;
    const old = new Date(Date.now() - 40 * 86_400_000);
    await t.db.transaction((tx) =>
      insertReadings(tx, [{ podId: pod.id, sensorId, sensorType: 'HUMIDITY', value: 40, created: old }]),
    );

    const withRaw = await t.call('DELETE', `/api/pod/${pod.id}`, { token: t.adminToken });
    expect(withRaw.status).toBe(409);
    expect(withRaw.body.error).toMatch(/measurement/);
    expect((await t.call('DELETE', `/api/sensor/${sensorId}`, { token: t.adminToken })).status).toBe(409);

    const m = startMaintenance(t.db, { retentionDays: 30, log: t.app.log, everyMs: 3_600_000 });
    await m.run();
    m.stop();
    expect(await t.db.query('SELECT 1 FROM measurement WHERE pod_id = $1', [pod.id])).toEqual([]);
    // Only the rollups remember it now, and they still refuse the delete.
    expect((await t.call('DELETE', `/api/pod/${pod.id}`, { token: t.adminToken })).status).toBe(409);
    expect(await t.db.query('SELECT 1 FROM pod WHERE id = $1', [pod.id])).toHaveLength(1);
  });
});
