import { RESOURCES, type Resource } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMaintenance } from '../telemetry/maintenance';
import { insertReadings } from '../telemetry/measurement-writer';
import { create, createUser } from '../test/factory';
import { podWithSensors } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * List totals stay cheap on the big tables: past LIST_COUNT_LIMIT a list says "at least" instead of
 * counting every matching row, and the measurement list takes its exact total from the rollups when
 * its filter allows. The limit is tiny here so a few hundred readings cross it.
 */
const LIMIT = 50;
const HOUR = 3_600_000;
let t: TestApp;
let viewer: string;
let podA: Awaited<ReturnType<typeof podWithSensors>>;
let podB: Awaited<ReturnType<typeof podWithSensors>>;

const list = (path: string, params: object) => `${path}?dataTableParams=${encodeURIComponent(JSON.stringify(params))}`;
const rawCount = async (where = 'TRUE', params: (string | number)[] = []) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM measurement WHERE ${where}`, params))[0]?.n;

/** `n` readings of each sensor, one every 7 hours back from now, so they cross hours, days and months. */
async function readingsOf(pod: typeof podA, n: number) {
  const now = Date.now();
  const rows = Object.entries(pod.sensors).flatMap(([sensorType, sensorId]) =>
    Array.from({ length: n }, (_, i) => ({
      podId: pod.id,
      sensorId,
      sensorType,
      value: i,
      created: new Date(now - i * 7 * HOUR - 1000),
    })),
  );
  await insertReadings(t.db, rows);
}

beforeAll(async () => {
  t = await createTestApp({ LIST_COUNT_LIMIT: String(LIMIT) });
  podA = await podWithSensors(t, ['ELECTRICITY', 'TEMPERATURE']);
  podB = await podWithSensors(t, ['WATER_FLOW']);
  await readingsOf(podA, 120); // ~35 days back
  await readingsOf(podB, 40);
  const role = await t.call('POST', '/api/role', {
    token: t.adminToken,
    body: { title: 'Pod B viewer', description: 'One pod', accessLevel: 10 },
  });
  const roleId = (role.body.data as { id: number }).id;
  await create(t, RESOURCES.find((r) => r.name === 'role-location') as Resource, { ...podB.ctx, role: roleId });
  viewer = (await createUser(t, roleId)).token;
});
afterAll(() => t?.close());

describe('measurement list totals', () => {
  it('are exact from the rollups with no filter, equal to count(*) of the raw readings', async () => {
    const res = await t.call('GET', list('/api/measurement', {}), { token: t.adminToken });
    expect(res.status).toBe(200);
    expect(res.body.paging).toEqual({ skip: 0, limit: 10, total: await rawCount(), totalIsLowerBound: false });
  });

  it('are exact from the rollups for a pod and a sensor type filter', async () => {
    const byPod = await t.call('GET', list('/api/measurement', { fetchParams: { podId: podA.id } }), {
      token: t.adminToken,
    });
    expect(byPod.body.paging?.total).toBe(await rawCount('pod_id = $1', [podA.id]));
    const byType = await t.call(
      'GET',
      list('/api/measurement', { fetchParams: { podId: podA.id, sensorType: 'TEMPERATURE' } }),
      { token: t.adminToken },
    );
    expect(byType.body.paging).toMatchObject({
      total: await rawCount("pod_id = $1 AND sensor_type = 'TEMPERATURE'", [podA.id]),
      totalIsLowerBound: false,
    });
  });

  it("are exact for a scoped viewer, counting only the pods in the viewer's scope", async () => {
    const res = await t.call('GET', list('/api/measurement', {}), { token: viewer });
    expect(res.status).toBe(200);
    expect(res.body.paging).toMatchObject({
      total: await rawCount('pod_id = $1', [podB.id]),
      totalIsLowerBound: false,
    });
  });

  it('stop at the limit and say so when the filter needs the raw rows (a search)', async () => {
    const res = await t.call('GET', list('/api/measurement', { searchField: 'podTitle', searchWord: 'itle' }), {
      token: t.adminToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.paging).toEqual({ skip: 0, limit: 10, total: LIMIT, totalIsLowerBound: true });
    // Deeper pages still say how far there is at least to go, so the user can page on.
    const deep = await t.call(
      'GET',
      list('/api/measurement', { searchField: 'podTitle', searchWord: 'itle', offset: 8 }),
      { token: t.adminToken },
    );
    expect(deep.body.paging).toEqual({ skip: 70, limit: 10, total: 70 + LIMIT, totalIsLowerBound: true });
    expect(deep.body.data).toHaveLength(10);
  });

  it('stay exact after retention has dropped old raw readings (the rollups keep them)', async () => {
    const before = await rawCount();
    const maintenance = startMaintenance(t.db, { retentionDays: 10, log: t.app.log, everyMs: 3_600_000 });
    await maintenance.run();
    maintenance.stop();
    const after = await rawCount();
    expect(after).toBeLessThan(before ?? 0);
    const res = await t.call('GET', list('/api/measurement', {}), { token: t.adminToken });
    expect(res.body.paging).toMatchObject({ total: after, totalIsLowerBound: false });
    const byPod = await t.call('GET', list('/api/measurement', { fetchParams: { podId: podA.id } }), {
      token: t.adminToken,
    });
    expect(byPod.body.paging?.total).toBe(await rawCount('pod_id = $1', [podA.id]));
  });

  it('stay exact after an administrator adds and deletes a reading by hand', async () => {
    const created = await t.call('POST', '/api/measurement', {
      token: t.adminToken,
      body: {
        groupId: podA.ctx.group,
        clientId: podA.ctx.client,
        podId: podA.id,
        sensorId: podA.sensors.ELECTRICITY,
        value: 3,
      },
    });
    expect(created.status).toBe(201);
    const first = await t.call('GET', list('/api/measurement', {}), { token: t.adminToken });
    expect(first.body.paging?.total).toBe(await rawCount());
    const [oldest] = await t.db.query<{ id: number }>('SELECT id FROM measurement ORDER BY created LIMIT 1');
    expect((await t.call('DELETE', `/api/measurement/${oldest?.id}`, { token: t.adminToken })).status).toBe(200);
    const second = await t.call('GET', list('/api/measurement', {}), { token: t.adminToken });
    expect(second.body.paging?.total).toBe(await rawCount());
  });
});

describe('other list totals', () => {
  it('every CRUD list says whether its total is exact', async () => {
    const res = await t.call('GET', list('/api/pod', {}), { token: t.adminToken });
    expect(res.body.paging).toMatchObject({ total: 2, totalIsLowerBound: false });
  });

  it('the aggregated data lists stop at the limit too', async () => {
    await t.db.query(
      `INSERT INTO aggregated_data (granularity, pod_id, created)
       SELECT 'daily', $1, now() - make_interval(days => g) FROM generate_series(1, $2::int) g`,
      [podA.id, LIMIT + 5],
    );
    const res = await t.call('GET', list('/api/daily-data', {}), { token: t.adminToken });
    expect(res.status).toBe(200);
    expect(res.body.paging).toEqual({ skip: 0, limit: 10, total: LIMIT, totalIsLowerBound: true });
    const few = await t.call('GET', list('/api/weekly-data', {}), { token: t.adminToken });
    expect(few.body.paging).toEqual({ skip: 0, limit: 10, total: 0, totalIsLowerBound: false });
  });
});
