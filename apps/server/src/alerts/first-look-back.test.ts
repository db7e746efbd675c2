import { getResource } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create } from '../test/factory';
import { podWithSensors } from '../test/pod-fixture';
import { drainRules } from '../test/rule-drain';
import { createTestApp, type TestApp } from '../test/test-app';

// Issue 16: a rule created at 18:30 showed "Last breach: Today, 17:30", a breach from its first look-back,
// an hour before the rule existed. The look-back now starts when the rule became active on the pod.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const ingest = (pod: Awaited<ReturnType<typeof podWithSensors>>, readings: [string, number][]) =>
  t.call('POST', '/api/ingest', {
    headers: { authorization: `Pod ${pod.identifier}:${pod.key}` },
    body: { readings: readings.map(([created, value]) => ({ sensorType: 'TEMPERATURE', value, created })) },
  });
const steps = async (ruleId: number, podId: number) =>
  (
    await t.db.query<{ type: string; at: string }>(
      `SELECT type, to_char(reading_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
       FROM notification WHERE rule_id = $1 AND pod_id = $2 ORDER BY reading_at`,
      [ruleId, podId],
    )
  ).map((n) => `${n.type} ${n.at}`);

describe("a rule's first look-back", () => {
  it('starts when the rule was made on its own pod, and when the Alert row was made on a bound pod', async () => {
    const own = await podWithSensors(t, ['TEMPERATURE']);
    const bound = await podWithSensors(t, ['TEMPERATURE'], own.ctx);
    // Breaches from before the rule existed, inside the hour a first look-back used to cover.
    const before: [string, number][] = [
      [ago(50), 35],
      [ago(45), 10],
    ];
    expect((await ingest(own, before)).status).toBe(202);
    expect((await ingest(bound, before)).status).toBe(202);
    await drainRules(t);
    const rule = (title: string) =>
      create(t, getResource('rule'), own.ctx, {
        podId: own.id,
        sensorId: own.sensors.TEMPERATURE ?? 0,
        title,
        condition: 'greater',
        thresholdValue: 30,
        severity: 'LOW',
      });
    const ruleId = await rule('Made just now');
    // An older rule, bound to the other pod just now: there its look-back starts at the Alert row.
    const olderId = await rule('Made two hours ago');
    await t.db.query("UPDATE rule SET created = now() - interval '2 hours' WHERE id = $1", [olderId]);
    await create(t, getResource('alert'), bound.ctx, { podId: bound.id, ruleId: olderId });

    const after = ago(0);
    expect((await ingest(own, [[after, 36]])).status).toBe(202);
    expect((await ingest(bound, [[after, 36]])).status).toBe(202);
    await drainRules(t);
    expect(await steps(ruleId, own.id)).toEqual([`ALERT ${after}`]);
    expect(await steps(olderId, bound.id)).toEqual([`ALERT ${after}`]);

    // The card's last breach is the one found after the rule was made.
    const cards = await t.call('GET', '/api/alert-cards', { token: t.adminToken });
    const card = (cards.body.data as { ruleId: number; podId: number; lastBreachAt: string | null }[]).find(
      (c) => c.ruleId === ruleId && c.podId === own.id,
    );
    expect(card?.lastBreachAt).toBe(after.slice(0, 19).replace('T', ' '));
  });
});
