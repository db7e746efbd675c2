import { getResource } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, createUser } from '../test/factory';
import { podWithSensors } from '../test/pod-fixture';
import { drainRules } from '../test/rule-drain';
import { createTestApp, type TestApp } from '../test/test-app';

// Issue 16: one pod flapping across a rule's threshold once a second for an hour, with the client's
// cooldown at 0, held the engine (and on PGlite the only connection) for over 90 seconds. The bounds
// asserted here are the issue's own, measured through the real app, database and worker.
let t: TestApp;
let flapping: Awaited<ReturnType<typeof podWithSensors>>;
let other: Awaited<ReturnType<typeof podWithSensors>>;
let flappingRule: number;
let otherRule: number;
let viewerToken: string;

const rule = (pod: Awaited<ReturnType<typeof podWithSensors>>, title: string) =>
  create(t, getResource('rule'), pod.ctx, {
    podId: pod.id,
    sensorId: pod.sensors.TEMPERATURE ?? 0,
    title,
    condition: 'greater',
    thresholdValue: 30,
    severity: 'HIGH',
  });

beforeAll(async () => {
  t = await createTestApp();
  flapping = await podWithSensors(t, ['TEMPERATURE']);
  await create(t, getResource('configuration'), flapping.ctx, { notificationCooldown: 0, active: true });
  flappingRule = await rule(flapping, 'Flapping');
  other = await podWithSensors(t, ['TEMPERATURE']);
  otherRule = await rule(other, 'Other');
  // Both rules look back over the hour the readings below cover.
  await t.db.query("UPDATE rule SET created = now() - interval '2 hours' WHERE id = ANY($1::int[])", [
    [flappingRule, otherRule],
  ]);
  const [viewer] = await t.db.query<{ id: number }>("SELECT id FROM role WHERE title = 'Viewer'");
  viewerToken = (await createUser(t, viewer?.id ?? 0)).token;
}, 60_000);
afterAll(() => t?.close());

const ingest = (pod: typeof flapping, readings: { value: number; created: string }[]) =>
  t.call('POST', '/api/ingest', {
    headers: { authorization: `Pod ${pod.identifier}:${pod.key}` },
    body: { readings: readings.map((r) => ({ sensorType: 'TEMPERATURE', ...r })) },
  });

describe('the rules engine stays fair whatever one pod sends', () => {
  it('answers another user within 1 s and raises another pod alert within 5 s while one pod flaps', async () => {
    const start = Date.now() - 3_600_000;
    const flips = Array.from({ length: 3000 }, (_, i) => ({
      value: i % 2 === 0 ? 35 : 10,
      created: new Date(start + i * 1000).toISOString(),
    }));
    expect((await ingest(flapping, flips)).status).toBe(202);
    // The app's own worker is now evaluating the flapping pod (it runs after every committed batch).
    await new Promise((r) => setTimeout(r, 50));

    const asked = Date.now();
    const me = await t.call('GET', '/api/user/me', { token: viewerToken });
    const answeredIn = Date.now() - asked;
    expect(me.status).toBe(200);

    const sent = Date.now();
    expect((await ingest(other, [{ value: 35, created: new Date(sent - 1000).toISOString() }])).status).toBe(202);
    let alertedIn = Number.POSITIVE_INFINITY;
    while (Date.now() - sent < 30_000) {
      const [row] = await t.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM notification WHERE rule_id = $1 AND type = 'ALERT'",
        [otherRule],
      );
      if (row?.n === 1) {
        alertedIn = Date.now() - sent;
        break;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(answeredIn).toBeLessThan(1000);
    expect(alertedIn).toBeLessThan(5000);

    // The flapping is folded: at most one notified episode per minimum cooldown (5 minutes) of reading
    // time, so 50 minutes of flips are ten episodes, not 1,500.
    await drainRules(t);
    const [raised] = await t.db.query<{ alerts: number; resolved: number }>(
      `SELECT count(*) FILTER (WHERE type = 'ALERT')::int AS alerts,
              count(*) FILTER (WHERE type = 'RESOLVED')::int AS resolved
       FROM notification WHERE rule_id = $1`,
      [flappingRule],
    );
    expect(raised?.alerts).toBeGreaterThanOrEqual(9);
    expect(raised?.alerts).toBeLessThanOrEqual(11);
    expect(raised?.resolved).toBe(raised?.alerts);
    // The rule's card says the cooldown the engine applied, and that it raised the client's 0.
    const cards = await t.call('GET', '/api/alert-cards', { token: t.adminToken });
    const card = (cards.body.data as { ruleId: number; cooldown: unknown }[]).find((c) => c.ruleId === flappingRule);
    expect(card?.cooldown).toEqual({ configured: 0, minutes: 5 });
  }, 240_000);
});
