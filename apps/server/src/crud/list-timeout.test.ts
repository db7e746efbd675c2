import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podWithSensors } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * A list statement that runs past LIST_STATEMENT_TIMEOUT_MS is cancelled and answers 503 with a
 * message, never a 500. PostgreSQL only: PGlite has no timer to cancel a statement (runList).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
let t: TestApp;
const list = (path: string, params: object) => `${path}?dataTableParams=${encodeURIComponent(JSON.stringify(params))}`;

describe.skipIf(!onPostgres)('list statement timeout', () => {
  beforeAll(async () => {
    t = await createTestApp({ LIST_STATEMENT_TIMEOUT_MS: '1' });
    const pod = await podWithSensors(t, ['ELECTRICITY']);
    // Enough raw readings that a search on their pod's title (matching none) takes well over a millisecond.
    await t.db.query(
      `INSERT INTO measurement (pod_id, sensor_id, sensor_type, value, created)
       SELECT $1, $2, 'ELECTRICITY', g, now() - make_interval(secs => g) FROM generate_series(1, 300000) g`,
      [pod.id, pod.sensors.ELECTRICITY ?? 0],
    );
  });
  afterAll(() => t?.close());

  it('answers 503 with a message when a list statement is cancelled', async () => {
    const res = await t.call('GET', list('/api/measurement', { searchField: 'podTitle', searchWord: 'no such pod' }), {
      token: t.adminToken,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(res.body).toEqual({ success: false, error: expect.stringMatching(/took too long/) });
  });

  it('leaves nothing behind: the next request on the pool still works', async () => {
    const res = await t.call('GET', '/api/pod/1', { token: t.adminToken });
    expect(res.status).toBe(200);
    const write = await t.call('PUT', '/api/pod/1', { token: t.adminToken, body: { description: 'still writable' } });
    expect(write.status).toBe(200);
  });
});
