import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PgCluster, pgBinDir, startPgCluster } from '../pg-cluster';
import { freePort } from '../server-process';
import { podWithSensors } from '../test/pod-fixture';
import { ADMIN, type Answer, createTestApp, type TestApp } from '../test/test-app';
import { DATABASE_UNAVAILABLE_MESSAGE } from './error-handler';

/**
 * PostgreSQL stopped under a running app, and started again: every route answers 503 with Retry-After
 * meanwhile, and the same calls succeed afterwards without a restart. It runs on a throwaway cluster
 * of its own, never on DATABASE_URL's server, which the rest of the suite shares.
 */
const available = pgBinDir() !== null;
if (!available && process.env.CI) throw new Error('CI must install PostgreSQL');

let cluster: PgCluster;
beforeAll(async () => {
  if (available) cluster = await startPgCluster(await freePort());
});
afterAll(() => cluster?.remove());

describe.skipIf(!available)('a database outage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DATABASE_URL: cluster.url });
  });
  afterAll(() => t?.close());

  it('answers 503 with Retry-After on every route while PostgreSQL is down, and recovers by itself', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    const created = new Date(Date.now() - 1000).toISOString();
    const calls: [string, () => Promise<Answer>][] = [
      ['me', () => t.call('GET', '/api/user/me', { token: t.adminToken })],
      ['pods', () => t.call('GET', '/api/pod', { token: t.adminToken })],
      ['cards', () => t.call('GET', '/api/stat-all', { token: t.adminToken })],
      ['sign-in', () => t.call('POST', '/api/user/login', { body: ADMIN })],
      [
        'ingest',
        () =>
          t.call('POST', '/api/ingest', {
            headers: { authorization: `Pod ${pod.identifier}:${pod.key}` },
            body: { readings: [{ sensorType: 'TEMPERATURE', value: 20, created }] },
          }),
      ],
    ];
    const statuses = async () =>
      Object.fromEntries(await Promise.all(calls.map(async ([name, call]) => [name, await call()] as const)));
    const up = { me: 200, pods: 200, cards: 200, 'sign-in': 200, ingest: 202 };
    const seen = (answers: Record<string, Answer>) =>
      Object.fromEntries(Object.entries(answers).map(([k, a]) => [k, a.status]));

    expect(seen(await statuses())).toEqual(up);
    await cluster.stop('fast');
    const down = await statuses();
    expect(seen(down)).toEqual({ me: 503, pods: 503, cards: 503, 'sign-in': 503, ingest: 503 });
    for (const [name, answer] of Object.entries(down)) {
      expect(answer.headers['retry-after'], name).toBe('5');
      expect(answer.body.success, name).toBe(false);
      expect(answer.body.error, name).toMatch(/right now/);
    }
    expect(down.me?.body.error).toBe(DATABASE_UNAVAILABLE_MESSAGE);

    await cluster.start();
    // The pools open new connections on the next query: the first calls after the start succeed.
    expect(seen(await statuses())).toEqual(up);
  });
});
