import { getResource } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create } from '../test/factory';
import { podWithSensors } from '../test/pod-fixture';
import { ageRules } from '../test/rule-age';
import { drainRules } from '../test/rule-drain';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let pod: Awaited<ReturnType<typeof podWithSensors>>;
let ruleId: number;
beforeAll(async () => {
  t = await createTestApp();
  pod = await podWithSensors(t, ['TEMPERATURE']);
  ruleId = await create(t, getResource('rule'), pod.ctx, {
    podId: pod.id,
    sensorId: pod.sensors.TEMPERATURE,
    condition: 'greater',
    thresholdValue: 30,
    severity: 'HIGH',
  });
  // Readings below are dated up to an hour back: the rule must have been active then.
  await ageRules(t);
});
afterAll(() => t?.close());

const minute = (m: number) => new Date(Date.now() - (60 - m) * 60_000).toISOString();
const send = (values: [number, number][]) =>
  t.call('POST', '/api/ingest', {
    body: { readings: values.map(([m, value]) => ({ sensorType: 'TEMPERATURE', value, created: minute(m) })) },
    headers: { authorization: `Pod ${pod.identifier}:${pod.key}` },
  });
const notifications = async () =>
  (
    await t.db.query<{ type: string; value: number }>(
      'SELECT type, value FROM notification WHERE rule_id = $1 ORDER BY reading_at',
      [ruleId],
    )
  ).map((n) => `${n.type} ${Number(n.value)}`);
const drain = () => drainRules(t);

describe('the rules engine on committed readings (durable queue)', () => {
  it('queues each committed batch, and the worker raises one notification per step', async () => {
    const queued = async () =>
      Number(
        (
          await t.db.query<{ n: string }>(
            'SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS n FROM rule_evaluation_queue_id_seq',
          )
        )[0]?.n ?? 0,
      );
    const before = await queued();
    expect(
      (
        await send([
          [1, 20],
          [2, 31],
          [3, 35],
        ])
      ).status,
    ).toBe(202);
    // The ingest's transaction left a queue row (the server's worker may have taken it already).
    expect(await queued()).toBeGreaterThan(before);
    await drain();
    expect(await notifications()).toEqual(['ALERT 31']);
    // Readings that stay over raise nothing more; a reading back to normal resolves the episode.
    await send([
      [4, 36],
      [5, 40],
    ]);
    await drain();
    expect(await notifications()).toEqual(['ALERT 31']);
    await send([[6, 10]]);
    await drain();
    expect(await notifications()).toEqual(['ALERT 31', 'RESOLVED 10']);
  });

  it('raises nothing twice when the same readings come again', async () => {
    await send([
      [1, 20],
      [2, 31],
      [3, 35],
      [6, 10],
    ]);
    await drain();
    expect(await notifications()).toEqual(['ALERT 31', 'RESOLVED 10']);
  });

  it('runs by itself soon after a commit, with no one calling it', async () => {
    // Over again at minute 7, inside the 60-minute cooldown of the episode that ended at minute 6: the
    // episode is open (exceeded) and owes its ALERT rather than raising it now.
    const at = minute(7);
    await t.call('POST', '/api/ingest', {
      body: { readings: [{ sensorType: 'TEMPERATURE', value: 33, created: at }] },
      headers: { authorization: `Pod ${pod.identifier}:${pod.key}` },
    });
    const episode = async () =>
      (
        await t.db.query<{ state: { phase: string; lastAt: number } }>(
          'SELECT state FROM rule_episode WHERE rule_id = $1 AND pod_id = $2',
          [ruleId, pod.id],
        )
      )[0]?.state;
    const deadline = Date.now() + 10_000;
    while ((await episode())?.lastAt !== Date.parse(at) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(await episode()).toMatchObject({ phase: 'exceeded', lastAt: Date.parse(at) });
    expect(await notifications()).toEqual(['ALERT 31', 'RESOLVED 10']);
  });

  it('stores the limit with each step, so a notification says its value against it in the unit of its sensor', async () => {
    const [alert] = await t.db.query<{ id: number }>(
      "SELECT id FROM notification WHERE rule_id = $1 AND type = 'ALERT'",
      [ruleId],
    );
    const list = await t.call('GET', '/api/user-notification?limit=100', { token: t.adminToken });
    expect(list.status).toBe(200);
    const mine = (list.body.data as Record<string, unknown>[]).find((r) => r.notificationId === alert?.id);
    expect(mine).toMatchObject({
      notificationTitle: 'ALERT',
      notificationValue: 31,
      notificationLimit: 30,
      sensorType: 'TEMPERATURE',
      podVoltage: expect.any(Number),
    });
    // The limit is the one at raising: a later change of the rule's threshold leaves it as it was.
    const put = await t.call('PUT', `/api/rule/${ruleId}`, { token: t.adminToken, body: { thresholdValue: 40 } });
    expect(put.status).toBe(200);
    const [stored] = await t.db.query<{ threshold: number }>('SELECT threshold FROM notification WHERE id = $1', [
      alert?.id ?? 0,
    ]);
    expect(Number(stored?.threshold)).toBe(30);
  });
});
