import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podWithSensors } from '../test/pod-fixture';
import { drainRules } from '../test/rule-drain';
import { createTestApp, type TestApp } from '../test/test-app';
import { sweepOffline } from './presence';

let t: TestApp;
let pod: Awaited<ReturnType<typeof podWithSensors>>;
let quiet: Awaited<ReturnType<typeof podWithSensors>>;
const FIFTEEN_MINUTES = 15 * 60_000;

beforeAll(async () => {
  t = await createTestApp();
  pod = await podWithSensors(t, ['TEMPERATURE']);
  quiet = await podWithSensors(t, ['TEMPERATURE']);
});
afterAll(() => t?.close());

const send = (p: typeof pod, minutesAgo: number) =>
  t.call('POST', '/api/ingest', {
    headers: { authorization: `Pod ${p.identifier}:${p.key}` },
    body: {
      readings: [
        { sensorType: 'TEMPERATURE', value: 20, created: new Date(Date.now() - minutesAgo * 60_000).toISOString() },
      ],
    },
  });
const drain = () => drainRules(t);
const presenceOf = async (podId: number) =>
  (
    await t.db.query<{ type: string; recipients: number }>(
      `SELECT n.type, (SELECT count(*)::int FROM user_notification un WHERE un.notification_id = n.id) AS recipients
       FROM notification n WHERE n.pod_id = $1 AND n.type IN ('OFFLINE', 'ONLINE') ORDER BY n.id`,
      [podId],
    )
  ).map((n) => `${n.type} to ${n.recipients}`);

const offlineOnCards = async () => {
  const card = async (fetchParams: Record<string, number | undefined>) => {
    const q = encodeURIComponent(JSON.stringify({ fetchParams }));
    const res = await t.call('GET', `/api/stat-all?dataTableParams=${q}`, { token: t.adminToken });
    expect(res.status).toBe(200);
    return (res.body.data as { results: { offlinePodCount: number }[] }).results[0]?.offlinePodCount;
  };
  return {
    pod: await card({ podID: pod.id, areaID: pod.ctx.area }),
    area: await card({ areaID: undefined, locationID: pod.ctx.location }),
  };
};

describe('offline and online pods', () => {
  it('declares a pod silent for longer than the limit offline once, and online when it reports again', async () => {
    expect((await send(pod, 20)).status).toBe(202);
    expect((await send(quiet, 5)).status).toBe(202);
    await drain();
    const admins = (
      await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM app_user u JOIN role r ON r.id = u.role_id WHERE r.access_level >= 50',
      )
    )[0]?.n;

    expect(await sweepOffline(t.db, FIFTEEN_MINUTES)).toBe(1);
    expect(await presenceOf(pod.id)).toEqual([`OFFLINE to ${admins}`]);
    // Still silent: nothing more, however often the sweep runs.
    expect(await sweepOffline(t.db, FIFTEEN_MINUTES)).toBe(0);
    expect(await presenceOf(pod.id)).toEqual([`OFFLINE to ${admins}`]);
    expect(await presenceOf(quiet.id)).toEqual([]);
    // The pod's card says so, and so does its area's.
    expect(await offlineOnCards()).toEqual({ pod: 1, area: 1 });

    expect((await send(pod, 0)).status).toBe(202);
    await drain();
    expect(await presenceOf(pod.id)).toEqual([`OFFLINE to ${admins}`, `ONLINE to ${admins}`]);
    expect(await offlineOnCards()).toEqual({ pod: 0, area: 0 });
    expect(await sweepOffline(t.db, FIFTEEN_MINUTES)).toBe(0);
    // Another reading while online raises nothing.
    expect((await send(pod, 0.5)).status).toBe(202);
    await drain();
    expect(await presenceOf(pod.id)).toHaveLength(2);
  });

  it('never counts a late reading from the past as the latest one', async () => {
    expect((await send(quiet, 60)).status).toBe(202);
    await drain();
    expect(await sweepOffline(t.db, FIFTEEN_MINUTES)).toBe(0);
    expect(await presenceOf(quiet.id)).toEqual([]);
  });
});
