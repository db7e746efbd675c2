import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReadings } from '../telemetry/measurement-writer';
import { createUser } from '../test/factory';
import { podWithSensors } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let viewerToken: string;
const pods: { id: number; title: string; identifier: string }[] = [];

// Readings on whole UTC days well in the past, so every period holding them is closed today.
const DAY_MS = 86_400_000;
const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
const day = (daysAgo: number, hour: number) => new Date(today - daysAgo * DAY_MS + hour * 3_600_000);
const list = (path: string, params: object) => `${path}?dataTableParams=${encodeURIComponent(JSON.stringify(params))}`;

beforeAll(async () => {
  t = await createTestApp();
  const [viewer] = await t.db.query<{ id: number }>("SELECT id FROM role WHERE title = 'Viewer'");
  viewerToken = (await createUser(t, viewer?.id ?? 0)).token;
  for (const [title, electricity] of [
    ['Beta pod', 4],
    ['Alpha pod', 8],
  ] as const) {
    const pod = await podWithSensors(t, ['ELECTRICITY', 'WATER_FLOW']);
    await t.db.query('UPDATE pod SET title = $1, voltage = 230 WHERE id = $2', [title, pod.id]);
    pods.push({ id: pod.id, title, identifier: pod.identifier });
    const sensorId = pod.sensors.ELECTRICITY ?? 0;
    await insertReadings(t.db, [
      { podId: pod.id, sensorId, sensorType: 'ELECTRICITY', value: electricity, created: day(40, 10) },
      { podId: pod.id, sensorId, sensorType: 'ELECTRICITY', value: electricity, created: day(3, 10) },
      { podId: pod.id, sensorId, sensorType: 'ELECTRICITY', value: electricity * 2, created: day(2, 10) },
    ]);
  }
});
afterAll(async () => {
  await t.close();
});

describe('access', () => {
  it.each([
    ['GET', '/api/daily-data'],
    ['GET', '/api/weekly-data/generate'],
    ['DELETE', '/api/monthly-data/delete'],
  ] as const)('%s %s: 401 without a token, 403 for a non-admin', async (method, url) => {
    expect((await t.call(method, url)).status).toBe(401);
    const res = await t.call(method, url, { token: viewerToken });
    expect(res.status).toBe(403);
    expect(res.body.success).toBe(false);
  });
});

describe('generate, list, delete', () => {
  it('generates the closed periods once, then nothing', async () => {
    const first = await t.call('GET', '/api/daily-data/generate', { token: t.adminToken });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, data: { generated: 6 } }); // 2 pods x 3 days
    const again = await t.call('GET', '/api/daily-data/generate', { token: t.adminToken });
    expect(again.body).toEqual({ success: true, data: { generated: 0 } });
    expect((await t.call('GET', '/api/weekly-data/generate', { token: t.adminToken })).status).toBe(200);
    expect((await t.call('GET', '/api/monthly-data/generate', { token: t.adminToken })).status).toBe(200);
  });

  it('lists rows with pod titles, kWh and the period start in UTC, newest first', async () => {
    const res = await t.call('GET', '/api/daily-data', { token: t.adminToken });
    expect(res.status).toBe(200);
    expect(res.body.paging).toEqual({ skip: 0, limit: 10, total: 6, totalIsLowerBound: false });
    const rows = res.body.data as Record<string, unknown>[];
    const start = (d: Date) =>
      d
        .toISOString()
        .slice(0, 19)
        .replace('T', ' ')
        .replace(/\d\d:\d\d:\d\d$/, '00:00:00');
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      podId: expect.any(Number),
      podTitle: expect.stringMatching(/pod$/),
      podsIdentifier: expect.any(String),
      electricity: expect.any(Number),
      electricitySum: expect.any(Number),
      temperature: null,
      water: null,
      waterSum: null,
      motion: null,
      pressure: null,
      humidity: null,
      ambientLight: null,
      created: start(day(2, 0)),
    });
    const alpha = rows.find((r) => r.podTitle === 'Alpha pod' && r.created === start(day(2, 0)));
    expect(alpha).toMatchObject({ podsIdentifier: pods[1]?.identifier, electricity: 16, electricitySum: 3.68 });
  });

  it('sorts, pages, searches and filters by pod', async () => {
    const byTitle = await t.call(
      'GET',
      list('/api/daily-data', { colKey: 'podTitle', sortDirection: 'ASC', paging: 4, offset: 1 }),
      { token: t.adminToken },
    );
    expect((byTitle.body.data as { podTitle: string }[]).map((r) => r.podTitle)).toEqual([
      'Alpha pod',
      'Alpha pod',
      'Alpha pod',
      'Beta pod',
    ]);
    const page2 = await t.call(
      'GET',
      list('/api/daily-data', { colKey: 'podTitle', sortDirection: 'ASC', paging: 4, offset: 2 }),
      { token: t.adminToken },
    );
    expect(page2.body.paging).toEqual({ skip: 4, limit: 4, total: 6, totalIsLowerBound: false });
    expect((page2.body.data as unknown[]).length).toBe(2);

    const bySum = await t.call('GET', list('/api/daily-data', { colKey: 'electricitySum', sortDirection: 'desc' }), {
      token: t.adminToken,
    });
    const sums = (bySum.body.data as { electricitySum: number }[]).map((r) => r.electricitySum);
    expect(sums).toEqual([...sums].sort((a, b) => b - a));

    // bracket form, as qs sends it
    const search = await t.call(
      'GET',
      '/api/daily-data?dataTableParams[searchField]=podTitle&dataTableParams[searchWord]=BETA',
      { token: t.adminToken },
    );
    expect(search.body.paging?.total).toBe(3);
    const filtered = await t.call('GET', list('/api/daily-data', { fetchParams: { podId: String(pods[0]?.id) } }), {
      token: t.adminToken,
    });
    expect((filtered.body.data as { podTitle: string }[]).every((r) => r.podTitle === 'Beta pod')).toBe(true);
    expect(filtered.body.paging?.total).toBe(3);
  });

  it.each([
    [{ colKey: 'password' }, 'colKey'],
    [{ colKey: 'id; DROP TABLE pod' }, 'colKey'],
    [{ searchField: 'electricity', searchWord: 'x' }, 'searchField'],
    [{ fetchParams: { clientId: 1 } }, 'fetchParams'],
    [{ fetchParams: { podId: 'abc' } }, 'fetchParams'],
    [{ fetchParams: { podId: 1.5 } }, 'fetchParams'],
    [{ paging: 0 }, 'paging'],
    [{ sortDirection: 'sideways' }, 'sortDirection'],
  ])('refuses %j with a 400 naming %s', async (params, field) => {
    const res = await t.call('GET', list('/api/weekly-data', params), { token: t.adminToken });
    expect(res.status).toBe(400);
    expect(res.body.validationErrors?.[field]).toBeDefined();
  });

  // One list protocol: a CRUD list and an aggregated list refuse the same request in the same words.
  it.each([
    [{ fetchParams: { nope: 1 } }],
    [{ fetchParams: { podId: 'abc' } }],
    [{ fetchParams: { podId: 1.5 } }],
    [{ colKey: 'nope' }],
    [{ searchField: 'nope', searchWord: 'x' }],
    [{ sortDirection: 'sideways' }],
  ])('answers %j with the same 400 message as a CRUD list', async (params) => {
    const crud = await t.call('GET', list('/api/measurement', params), { token: t.adminToken });
    const aggregate = await t.call('GET', list('/api/daily-data', params), { token: t.adminToken });
    expect(crud.status).toBe(400);
    expect(aggregate.status).toBe(400);
    expect(aggregate.body.error).toBe(crud.body.error);
    expect(Object.keys(aggregate.body.validationErrors ?? {})).toEqual(Object.keys(crud.body.validationErrors ?? {}));
    if ('fetchParams' in params) expect(aggregate.body.validationErrors).toEqual(crud.body.validationErrors);
  });

  it('refuses a dataTableParams that is not JSON with a 400', async () => {
    expect((await t.call('GET', '/api/monthly-data?dataTableParams=%7Bnope', { token: t.adminToken })).status).toBe(
      400,
    );
  });

  it('delete empties only its granularity', async () => {
    const weekly = (await t.call('GET', '/api/weekly-data', { token: t.adminToken })).body.paging?.total ?? 0;
    expect(weekly).toBeGreaterThan(0);
    const res = await t.call('DELETE', '/api/daily-data/delete', { token: t.adminToken });
    expect(res.body).toEqual({ success: true, data: { deleted: 6 } });
    expect((await t.call('GET', '/api/daily-data', { token: t.adminToken })).body.paging?.total).toBe(0);
    expect((await t.call('GET', '/api/weekly-data', { token: t.adminToken })).body.paging?.total).toBe(weekly);
    // and Generate brings them back
    expect((await t.call('GET', '/api/daily-data/generate', { token: t.adminToken })).body.data).toEqual({
      generated: 6,
    });
  });

  it('publishes the routes in the OpenAPI document', async () => {
    const doc = await t.call('GET', '/api/docs/json');
    const paths = Object.keys((doc.body as unknown as { paths: Record<string, unknown> }).paths);
    for (const g of ['daily', 'weekly', 'monthly']) {
      expect(paths).toEqual(
        expect.arrayContaining([`/api/${g}-data`, `/api/${g}-data/generate`, `/api/${g}-data/delete`]),
      );
    }
  });
});
