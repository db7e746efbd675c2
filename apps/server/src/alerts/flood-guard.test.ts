import { getResource } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create } from '../test/factory';
import { floodEstate } from '../test/flood-estate';
import { ageRules } from '../test/rule-age';
import { drainRules } from '../test/rule-drain';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let pod: Awaited<ReturnType<typeof floodEstate>>;

beforeAll(async () => {
  t = await createTestApp();
  // The five rules break at once; the client's limit is three.
  pod = await floodEstate(t, (i) => (i === 5 ? 'HIGH' : 'LOW'));
});
afterAll(() => t?.close());

const drain = () => drainRules(t);

describe('the flood guard (alertLimit per client and hour)', () => {
  it('delivers up to the limit, then counts the rest into one summary per user, and mails none of those', async () => {
    const res = await t.call('POST', '/api/ingest', {
      headers: { authorization: `Pod ${pod.identifier}:${pod.key}` },
      body: {
        readings: [{ sensorType: 'TEMPERATURE', value: 35, created: new Date(Date.now() - 60_000).toISOString() }],
      },
    });
    expect(res.status).toBe(202);
    await drain();
    // Every step is stored (the history stays whole); two of the five are folded.
    const stored = await t.db.query<{ folded: boolean }>(
      "SELECT folded FROM notification WHERE pod_id = $1 AND type = 'ALERT' ORDER BY id",
      [pod.id],
    );
    expect(stored.map((s) => s.folded)).toEqual([false, false, false, true, true]);

    const unread = await t.call('GET', '/api/notification/unread/1', { token: t.adminToken });
    const mine = (unread.body.data as { type: string; value: number; severity: string; podId: number }[]).filter(
      (n) => n.podId === pod.id,
    );
    expect(mine.filter((n) => n.type === 'ALERT')).toHaveLength(3);
    expect(mine.filter((n) => n.type === 'SUMMARY')).toEqual([expect.objectContaining({ value: 2, severity: 'HIGH' })]);
    // The HIGH rule's alert was the fifth, folded: no mail for it.
    expect(t.outbox().filter((m) => m.includes('Hot 5'))).toEqual([]);

    // The next folded one is counted into the same summary, which is unread again.
    await t.call('POST', '/api/user-notification/read-all', { token: t.adminToken });
    await create(t, getResource('rule'), pod.ctx, {
      podId: pod.id,
      sensorId: pod.sensors.TEMPERATURE ?? 0,
      title: 'Hot 6',
      condition: 'greater',
      thresholdValue: 31,
      severity: 'MEDIUM',
    });
    await ageRules(t);
    await t.db.query('INSERT INTO rule_evaluation_queue (pod_id) VALUES ($1)', [pod.id]);
    await drain();
    const again = await t.call('GET', '/api/notification/unread/1', { token: t.adminToken });
    expect(
      (again.body.data as { type: string; value: number; podId: number }[]).filter((n) => n.podId === pod.id),
    ).toEqual([expect.objectContaining({ type: 'SUMMARY', value: 3 })]);
  });
});
