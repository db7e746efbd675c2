import { getResource, type Resource } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Context, create, createUser, ensure } from '../test/factory';
import { podWithSensors } from '../test/pod-fixture';
import { ageRules } from '../test/rule-age';
import { drainRules } from '../test/rule-drain';
import { readSse } from '../test/sse-client';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let base: string;
let pod: Awaited<ReturnType<typeof podWithSensors>>;
let other: Awaited<ReturnType<typeof podWithSensors>>;
let inScope: Awaited<ReturnType<typeof createUser>>;
let outOfScope: Awaited<ReturnType<typeof createUser>>;
const notDelivered: number[] = [];

/** A user whose role is bound to the location `ctx` hangs from; `extra` overrides the user's fields. */
async function locationUser(ctx: Context, title: string, extra: Record<string, unknown> = {}) {
  const role = await t.call('POST', '/api/role', {
    token: t.adminToken,
    body: { title, description: 'One location', accessLevel: 10 },
  });
  const roleId = (role.body.data as { id: number }).id;
  await create(t, getResource('role-location') as Resource, { ...ctx, role: roleId, location: ctx.location ?? 0 });
  if (Object.keys(extra).length === 0) return createUser(t, roleId);
  const res = await t.call('POST', '/api/user', {
    token: t.adminToken,
    body: {
      roleId,
      firstName: 'No',
      lastName: 'Mail',
      email: `${title.replace(/\W/g, '')}@example.com`,
      password: 'viewer-password',
      ...extra,
    },
  });
  return { id: (res.body.data as { id: number }).id, email: '', token: '' };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  pod = await podWithSensors(t, ['TEMPERATURE', 'HUMIDITY']);
  other = await podWithSensors(t, ['TEMPERATURE']);
  await ensure(t, 'location', pod.ctx);
  await ensure(t, 'location', other.ctx);
  inScope = await locationUser(pod.ctx, 'Delivery viewer');
  outOfScope = await locationUser(other.ctx, 'Delivery outsider');
  notDelivered.push((await locationUser(pod.ctx, 'Delivery unverified', { active: true, verified: false })).id);
  notDelivered.push((await locationUser(pod.ctx, 'Delivery inactive', { active: false, verified: true })).id);
});
afterAll(() => t?.close());

const ingest = (p: { identifier: string; key: string }, sensorType: string, value: number, minutesAgo: number) =>
  t.call('POST', '/api/ingest', {
    headers: { authorization: `Pod ${p.identifier}:${p.key}` },
    body: { readings: [{ sensorType, value, created: new Date(Date.now() - minutesAgo * 60_000).toISOString() }] },
  });
const drain = () => drainRules(t);
const rule = async (p: typeof pod, sensorType: 'TEMPERATURE' | 'HUMIDITY', severity: string, title: string) => {
  const id = await create(t, getResource('rule'), p.ctx, {
    podId: p.id,
    sensorId: p.sensors[sensorType] ?? 0,
    title,
    condition: 'greater',
    thresholdValue: 30,
    severity,
  });
  // Readings below are dated up to an hour back: the rule must have been active then.
  await ageRules(t);
  return id;
};
const recipientsOf = async (ruleId: number) =>
  (
    await t.db.query<{ user_id: number; read: boolean }>(
      `SELECT un.user_id, un.read FROM user_notification un JOIN notification n ON n.id = un.notification_id
       WHERE n.rule_id = $1 ORDER BY un.user_id`,
      [ruleId],
    )
  ).map((r) => r.user_id);

describe('delivering what the rules engine raises', () => {
  it('gives each verified, active user whose scope covers the pod one unread notification, and tells their open stream', async () => {
    const ruleId = await rule(pod, 'TEMPERATURE', 'HIGH', 'Server room too hot');
    const url = `${base}/api/live?only=notifications&token=${encodeURIComponent(inScope.token)}`;
    const outsider = `${base}/api/live?only=notifications&token=${encodeURIComponent(outOfScope.token)}`;
    const [frames, outsiderFrames] = await Promise.all([
      readSse(
        url,
        async () => {
          expect((await ingest(pod, 'TEMPERATURE', 35, 50)).status).toBe(202);
        },
        (f) => f.some((x) => x.event === 'notification'),
      ),
      readSse(
        outsider,
        async () => {},
        () => false,
        2500,
      ),
    ]);
    // The server's own worker ran after the commit: the stream heard of it with no one calling.
    expect(frames.map((f) => f.event)).toContain('notification');
    expect(frames.some((f) => f.event === 'reading')).toBe(false);
    expect(outsiderFrames).toEqual([]);

    await drain();
    const admins = await t.db.query<{ id: number }>(
      `SELECT u.id FROM app_user u JOIN role r ON r.id = u.role_id WHERE r.access_level >= 50 AND u.active AND u.verified`,
    );
    const got = await recipientsOf(ruleId);
    expect(got).toEqual([...admins.map((a) => a.id), inScope.id].sort((a, b) => a - b));
    for (const id of [outOfScope.id, ...notDelivered]) expect(got).not.toContain(id);

    const unread = await t.call('GET', `/api/notification/unread/${inScope.id}`, { token: inScope.token });
    expect(unread.status).toBe(200);
    expect(unread.body.data).toEqual([expect.objectContaining({ type: 'ALERT', severity: 'HIGH', podId: pod.id })]);
  });

  it('mails a HIGH alert to each recipient with a link to the alerts page, and nothing for other severities', async () => {
    await rule(pod, 'HUMIDITY', 'MEDIUM', 'Damp store room');
    expect((await ingest(pod, 'HUMIDITY', 80, 40)).status).toBe(202);
    await drain();
    // The worker sends the queue after each run; wait until it is empty.
    for (let i = 0; i < 100; i++) {
      const [left] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_queue');
      if (left?.n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const mails = t.outbox().filter((m) => m.includes('Greenpod high alert'));
    expect(mails.filter((m) => m.includes('Server room too hot'))).toHaveLength(
      (
        await recipientsOf(
          (await t.db.query<{ id: number }>("SELECT id FROM rule WHERE title = 'Server room too hot'"))[0]?.id ?? 0,
        )
      ).length,
    );
    const viewerMail = mails.find((m) => m.includes(`To: ${inScope.email}`));
    expect(viewerMail).toContain('/alerts');
    expect(viewerMail).toContain('read 35');
    expect(mails.some((m) => m.includes('Damp store room'))).toBe(false);
    expect(t.outbox().some((m) => m.includes(`To: ${outOfScope.email}`))).toBe(false);
  });

  it('delivers nothing twice when the same readings are evaluated again', async () => {
    const ruleId =
      (await t.db.query<{ id: number }>("SELECT id FROM rule WHERE title = 'Server room too hot'"))[0]?.id ?? 0;
    const before = await recipientsOf(ruleId);
    await t.db.query('DELETE FROM rule_episode WHERE rule_id = $1', [ruleId]);
    await t.db.query('INSERT INTO rule_evaluation_queue (pod_id) VALUES ($1)', [pod.id]);
    await drain();
    expect(await recipientsOf(ruleId)).toEqual(before);
  });
});
