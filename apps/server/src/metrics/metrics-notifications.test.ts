import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floodEstate } from '../test/flood-estate';
import { createTestApp, type TestApp } from '../test/test-app';
import { parseExposition, sampleValue } from './test/exposition';

let t: TestApp;
let pod: Awaited<ReturnType<typeof floodEstate>>;

beforeAll(async () => {
  // The app's own rules worker does the work here (test/rule-drain.ts would run the engine beside it, uncounted).
  t = await createTestApp({ METRICS: '1' });
  // The five rules break at once; the client's limit is three.
  pod = await floodEstate(t);
});
afterAll(() => t?.close());

const notifications = async () => {
  const f = parseExposition((await t.app.inject({ method: 'GET', url: '/metrics' })).body);
  return {
    raised: sampleValue(f, 'greenpod_notifications_raised_total'),
    folded: sampleValue(f, 'greenpod_notifications_folded_total'),
  };
};

describe('notification metrics', () => {
  it('count what the rules engine raised and folded, once committed', async () => {
    expect(await notifications()).toEqual({ raised: 0, folded: 0 });
    const res = await t.call('POST', '/api/ingest', {
      headers: { authorization: `Pod ${pod.identifier}:${pod.key}` },
      body: {
        readings: [{ sensorType: 'TEMPERATURE', value: 35, created: new Date(Date.now() - 60_000).toISOString() }],
      },
    });
    expect(res.status).toBe(202);
    // The worker runs on its own after the commit: wait for its count (no timing is asserted).
    let seen = await notifications();
    for (let tries = 0; (seen.raised ?? 0) < 5 && tries < 200; tries++) {
      await new Promise((r) => setTimeout(r, 100));
      seen = await notifications();
    }
    const stored = await t.db.query<{ folded: boolean }>(
      "SELECT folded FROM notification WHERE pod_id = $1 AND type = 'ALERT'",
      [pod.id],
    );
    expect(stored).toHaveLength(5);
    expect(seen).toEqual({ raised: 5, folded: stored.filter((s) => s.folded).length });
    expect(seen.folded).toBe(2);
  });
});
