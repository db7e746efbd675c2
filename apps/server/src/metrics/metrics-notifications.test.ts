import { getResource } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create } from '../test/factory';
import { podWithSensors } from '../test/pod-fixture';
import { ageRules } from '../test/rule-age';
import { createTestApp, type TestApp } from '../test/test-app';
import { parseExposition, sampleValue } from './test/exposition';

let t: TestApp;
let pod: Awaited<ReturnType<typeof podWithSensors>>;

beforeAll(async () => {
  // The app's own rules worker does the work here (test/rule-drain.ts would run the engine beside it, uncounted).
  t = await createTestApp({ METRICS: '1' });
  pod = await podWithSensors(t, ['TEMPERATURE']);
  // The flood guard of alerts/flood-guard.test.ts: five rules break at once, the client's limit is three.
  await create(t, getResource('configuration'), pod.ctx, { alertLimit: 3, active: true });
  for (let i = 1; i <= 5; i++)
    await create(t, getResource('rule'), pod.ctx, {
      podId: pod.id,
      sensorId: pod.sensors.TEMPERATURE ?? 0,
      title: `Hot ${i}`,
      condition: 'greater',
      thresholdValue: 30,
      severity: 'LOW',
    });
  await ageRules(t);
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
