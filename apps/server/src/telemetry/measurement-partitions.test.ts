import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podWithSensors } from '../test/pod-fixture';
import { locationRollupMismatches, podRollupMismatches } from '../test/rollup-mismatches';
import { createTestApp, type TestApp } from '../test/test-app';
import { startMaintenance } from './maintenance';
import { makeWeeks } from './measurement-partitions';
import { insertReadings } from './measurement-writer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const DAY = 86_400_000;
const MONDAY = Date.UTC(2000, 0, 3);
/** The partition a time belongs in: its UTC week's, named by the Monday it starts on. */
const partitionOf = (ms: number) => {
  const monday = new Date(MONDAY + Math.floor((ms - MONDAY) / (7 * DAY)) * 7 * DAY);
  return `measurement_${monday.toISOString().slice(0, 10).replaceAll('-', '')}`;
};
/** Where each of the pod's readings is stored, oldest first. */
const storedIn = (podId: number) =>
  t.db.query<{ id: number; part: string; value: number }>(
    'SELECT id, tableoid::regclass::text AS part, value FROM measurement WHERE pod_id = $1 ORDER BY created',
    [podId],
  );
const reading = (pod: { id: number; sensors: Record<string, number> }, ms: number, value: number) => ({
  podId: pod.id,
  sensorId: pod.sensors.TEMPERATURE as number,
  sensorType: 'TEMPERATURE',
  value,
  created: new Date(ms),
});
async function maintenancePass(retentionDays?: number) {
  const m = startMaintenance(t.db, { retentionDays, log: t.app.log, everyMs: 3_600_000 });
  await m.run();
  await m.stop();
}

describe('raw readings partitioned by week', () => {
  it('land in their week; one from before the first week is stored in measurement_before, and moves when its week is made', async () => {
    await maintenancePass();
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    const now = Date.now();
    // 200 days back: before the first week (the migration made this week and the next two).
    const times = [now - 200 * DAY, now - 60_000];
    const rows = times.map((ms, i) => reading(pod, ms, i + 1));
    await t.db.transaction((tx) => insertReadings(tx, rows));
    const before = await storedIn(pod.id);
    expect(before.map((r) => r.part)).toEqual(['measurement_before', partitionOf(now - 60_000)]);

    // A retry of both, as a pod resends what it got no acknowledgement for: stored once.
    await t.db.transaction((tx) => insertReadings(tx, rows));
    expect(await storedIn(pod.id)).toEqual(before);

    // History loaded in bulk gets its weeks (bench:query does this): the old reading moves into its own.
    await makeWeeks(t.db, new Date(now - 200 * DAY), new Date(now));
    const after = await storedIn(pod.id);
    expect(after.map((r) => r.part)).toEqual(times.map(partitionOf));
    expect(after.map((r) => [r.id, r.value])).toEqual(before.map((r) => [r.id, r.value]));
    // Moved, the late reading still refuses its retry: the key holds across the edge and its week.
    await t.db.transaction((tx) => insertReadings(tx, rows));
    expect(await storedIn(pod.id)).toEqual(after);
    expect(await podRollupMismatches(t.db, pod.id)).toBe(0);
  });

  it('a reading past the weeks made is stored in measurement_after, and moves into its week once it is made', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    // Ingest refuses this (more than 5 minutes ahead); the writer alone stands for maintenance weeks behind.
    const ahead = Date.now() + 40 * DAY;
    await t.db.transaction((tx) => insertReadings(tx, [reading(pod, ahead, 7)]));
    expect((await storedIn(pod.id)).map((r) => r.part)).toEqual(['measurement_after']);
    await maintenancePass();
    expect((await storedIn(pod.id)).map((r) => r.part)).toEqual(['measurement_after']);
    await makeWeeks(t.db, null, new Date(ahead));
    expect((await storedIn(pod.id)).map((r) => r.part)).toEqual([partitionOf(ahead)]);
  });

  it('an administrator reads, edits and deletes a reading by id in any week, the rollups kept exact', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    const now = Date.now();
    await t.db.transaction((tx) =>
      insertReadings(
        tx,
        [300, 100, 0].map((daysAgo, i) => reading(pod, now - daysAgo * DAY - 60_000, 10 + i)),
      ),
    );
    await makeWeeks(t.db, new Date(now - 300 * DAY), new Date(now));
    const stored = await storedIn(pod.id);
    expect(new Set(stored.map((r) => r.part)).size).toBe(3);
    expect(stored.map((r) => r.part)).not.toContain('measurement_before');
    for (const r of stored) {
      const read = await t.call('GET', `/api/measurement/${r.id}`, { token: t.adminToken });
      expect(read.status).toBe(200);
      expect(read.body.data).toMatchObject({ id: r.id, value: r.value, podId: pod.id });
      const put = await t.call('PUT', `/api/measurement/${r.id}`, {
        token: t.adminToken,
        body: { value: r.value * 2 },
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
    }
    expect((await storedIn(pod.id)).map((r) => r.value)).toEqual([20, 22, 24]);
    expect(await podRollupMismatches(t.db, pod.id)).toBe(0);
    const oldest = stored[0] as { id: number };
    expect((await t.call('DELETE', `/api/measurement/${oldest.id}`, { token: t.adminToken })).status).toBe(200);
    expect((await storedIn(pod.id)).map((r) => r.value)).toEqual([22, 24]);
    expect(await podRollupMismatches(t.db, pod.id)).toBe(0);
    expect(await locationRollupMismatches(t.db)).toBe(0);
  });
});
