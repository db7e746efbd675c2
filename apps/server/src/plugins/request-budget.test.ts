import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factory';
import { podWithSensors } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';

/** One caller cannot use up the server: past its budget it gets 429 + Retry-After, others carry on. */
let t: TestApp;
let viewer: string;
let pod: Awaited<ReturnType<typeof podWithSensors>>;
const PER_MINUTE = 20;

beforeAll(async () => {
  t = await createTestApp({ REQUEST_RATE_LIMIT: String(PER_MINUTE), REQUEST_CONCURRENCY_LIMIT: '3' });
  // The set-up below is the administrator's; each test uses a caller with a full budget.
  pod = await podWithSensors(t, ['ELECTRICITY']);
  const [role] = await t.db.query<{ id: number }>("SELECT id FROM role WHERE title = 'Viewer'");
  viewer = (await createUser(t, role?.id ?? 0)).token;
});
afterAll(() => t?.close());

describe('request budget', () => {
  it('refuses a user past the rate with 429 and Retry-After, and another user is unaffected', async () => {
    const [role] = await t.db.query<{ id: number }>("SELECT id FROM role WHERE title = 'Viewer'");
    const other = (await createUser(t, role?.id ?? 0)).token;
    const answers = [];
    for (let i = 0; i < PER_MINUTE + 3; i++) answers.push(await t.call('GET', '/api/measurement', { token: viewer }));
    expect(answers.slice(0, PER_MINUTE).every((a) => a.status === 200)).toBe(true);
    const refused = answers.at(-1);
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused?.body).toEqual({ success: false, error: expect.stringMatching(/Too many requests/) });
    expect((await t.call('GET', '/api/measurement', { token: other })).status).toBe(200);
  });

  it('refuses requests past the concurrency cap while the first ones run', async () => {
    const [role] = await t.db.query<{ id: number }>("SELECT id FROM role WHERE title = 'Viewer'");
    const user = await createUser(t, role?.id ?? 0);
    // app.inject starts all of them before any answers: each waits for the database at least once.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.call('GET', '/api/measurement', { token: user.token })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect(answers.find((a) => a.status === 429)?.headers['retry-after']).toBe('1');
    // Finished requests give their place back.
    expect((await t.call('GET', '/api/measurement', { token: user.token })).status).toBe(200);
  });

  it('does not count pods sending readings', async () => {
    const authorization = `Pod ${pod.identifier}:${pod.key}`;
    const statuses = [];
    for (let i = 0; i < PER_MINUTE + 3; i++) {
      const reading = { sensorType: 'ELECTRICITY', value: i, created: new Date(Date.now() - i * 1000).toISOString() };
      statuses.push(
        (await t.call('POST', '/api/ingest', { headers: { authorization }, body: { readings: [reading] } })).status,
      );
    }
    expect(new Set(statuses)).toEqual(new Set([202]));
  });

  it('counts anonymous callers by address', async () => {
    const answers = [];
    for (let i = 0; i < PER_MINUTE + 1; i++) {
      answers.push(
        (await t.app.inject({ method: 'GET', url: '/api/measurement', remoteAddress: '203.0.113.9' })).statusCode,
      );
    }
    expect(answers.slice(0, PER_MINUTE).every((s) => s === 401)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    // Another address is a different caller.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/measurement', remoteAddress: '203.0.113.10' })).statusCode,
    ).toBe(401);
  });
});
