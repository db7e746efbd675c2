import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { QueryOptions, Row, SqlParam } from '../db/database';
import { podWithSensors } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { IngestService } from './ingest-service';
import { PodDirectory } from './pod-directory';

let t: TestApp;
// A second instance on the same database: its own directory cache, its own change feed.
let other: IngestService;
beforeAll(async () => {
  t = await createTestApp();
  other = new IngestService(t.db);
  await other.watchPods();
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

type Pod = Awaited<ReturnType<typeof podWithSensors>>;
const send = (pod: Pod, key = pod.key) =>
  t.call('POST', '/api/ingest', {
    body: { readings: [{ sensorType: 'TEMPERATURE', value: 20 }] },
    headers: { authorization: `Pod ${pod.identifier}:${key}` },
  });

describe('pod directory', () => {
  it('refuses a deactivated pod at once, on this instance and on another', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    expect((await send(pod)).status).toBe(202);
    expect(await other.pods.authenticate(pod.identifier, pod.key)).not.toBeNull();
    expect((await t.call('PUT', `/api/pod/${pod.id}`, { token: t.adminToken, body: { active: false } })).status).toBe(
      200,
    );
    expect((await send(pod)).status).toBe(401);
    await vi.waitFor(async () => expect(await other.pods.authenticate(pod.identifier, pod.key)).toBeNull());
    expect((await t.call('PUT', `/api/pod/${pod.id}`, { token: t.adminToken, body: { active: true } })).status).toBe(
      200,
    );
    expect((await send(pod)).status).toBe(202);
  });

  it('refuses a change at once on the instance that made it, without waiting for its own notification', async () => {
    // On PostgreSQL this instance hears its own change on its LISTEN connection, a moment after the write has
    // answered: the next request could still meet the old entry. The feed is held back here, so only the
    // writer's own forgetting can pass (the deterministic form of that race).
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    const humidity = { readings: [{ sensorType: 'HUMIDITY', value: 40 }] };
    const auth = { authorization: `Pod ${pod.identifier}:${pod.key}` };
    await t.app.ingest.close();
    try {
      expect((await send(pod)).status).toBe(202);
      const deactivated = await t.call('PUT', `/api/pod/${pod.id}`, { token: t.adminToken, body: { active: false } });
      expect(deactivated.status).toBe(200);
      expect((await send(pod)).status).toBe(401);
      const activated = await t.call('PUT', `/api/pod/${pod.id}`, { token: t.adminToken, body: { active: true } });
      expect(activated.status).toBe(200);
      expect((await t.call('POST', '/api/ingest', { body: humidity, headers: auth })).body.data).toMatchObject({
        stored: 0,
      });
      const [sensor] = await t.db.query<{ id: number }>("SELECT id FROM sensor WHERE type = 'HUMIDITY'");
      const linked = await t.call('POST', '/api/pod-sensor', {
        token: t.adminToken,
        body: { podId: pod.id, sensorId: sensor?.id },
      });
      expect(linked.status).toBe(201);
      expect((await t.call('POST', '/api/ingest', { body: humidity, headers: auth })).body.data).toMatchObject({
        stored: 1,
      });
      const unlinked = await t.call('DELETE', `/api/pod-sensor/${(linked.body.data as { id: number }).id}`, {
        token: t.adminToken,
      });
      expect(unlinked.status).toBe(200);
      expect((await t.call('POST', '/api/ingest', { body: humidity, headers: auth })).body.data).toMatchObject({
        stored: 0,
      });
      const rotated = await t.call('POST', `/api/pod/${pod.id}/ingest-key`, { token: t.adminToken });
      expect(rotated.status).toBe(200);
      expect((await send(pod)).status).toBe(401);
      expect((await send(pod, (rotated.body.data as { ingestKey: string }).ingestKey)).status).toBe(202);
    } finally {
      await t.app.ingest.watchPods();
    }
  });

  it('refuses a deleted pod at once, on this instance and on another', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    // Warm both caches without storing a reading (its rollups would keep the pod from being deleted).
    expect(await t.app.ingest.pods.authenticate(pod.identifier, pod.key)).not.toBeNull();
    expect(await other.pods.byIdentifier(pod.identifier)).not.toBeNull();
    await t.db.query('DELETE FROM pod_sensor WHERE pod_id = $1', [pod.id]);
    expect((await t.call('DELETE', `/api/pod/${pod.id}`, { token: t.adminToken })).status).toBe(200);
    expect((await send(pod)).status).toBe(401);
    await vi.waitFor(async () => expect(await other.pods.byIdentifier(pod.identifier)).toBeNull());
  });

  it('refuses the old key on another instance once the key is rotated', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    expect(await other.pods.authenticate(pod.identifier, pod.key)).not.toBeNull();
    const rotated = await t.call('POST', `/api/pod/${pod.id}/ingest-key`, { token: t.adminToken });
    const key = (rotated.body.data as { ingestKey: string }).ingestKey;
    await vi.waitFor(async () => expect(await other.pods.authenticate(pod.identifier, pod.key)).toBeNull());
    expect(await other.pods.authenticate(pod.identifier, key)).not.toBeNull();
  });

  it('knows a sensor added to a pod at once', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    const humidity = { readings: [{ sensorType: 'HUMIDITY', value: 40 }] };
    const auth = { authorization: `Pod ${pod.identifier}:${pod.key}` };
    expect((await t.call('POST', '/api/ingest', { body: humidity, headers: auth })).body.data).toMatchObject({
      stored: 0,
    });
    const [sensor] = await t.db.query<{ id: number }>("SELECT id FROM sensor WHERE type = 'HUMIDITY'");
    expect(
      (await t.call('POST', '/api/pod-sensor', { token: t.adminToken, body: { podId: pod.id, sensorId: sensor?.id } }))
        .status,
    ).toBe(201);
    expect((await t.call('POST', '/api/ingest', { body: humidity, headers: auth })).body.data).toMatchObject({
      stored: 1,
    });
  });

  it('reads the pods asked for together in one statement, once per pod while it runs', async () => {
    // A fleet that connected together expires from the cache together, each pod with messages in flight: a
    // statement per message queued thousands of them before a dashboard's (the soak, 2 minutes at 50,000/s).
    const pods = [
      await podWithSensors(t, ['TEMPERATURE']),
      await podWithSensors(t, ['HUMIDITY']),
      await podWithSensors(t, ['TEMPERATURE', 'HUMIDITY']),
    ];
    const statements: unknown[][] = [];
    // Lets a test hold a read's answer until after a change: the read saw the pod as it was.
    let hold: Promise<void> | undefined;
    let answered = 0;
    const directory = new PodDirectory({
      query: async <T extends Row>(sql: string, params?: readonly SqlParam[], options?: QueryOptions) => {
        statements.push([...(params ?? [])]);
        const gate = hold;
        const rows = await t.db.query<T>(sql, params, options);
        answered++;
        await gate;
        return rows;
      },
    });
    const asks = pods.flatMap((pod) =>
      Array.from({ length: 20 }, () => directory.authenticate(pod.identifier, pod.key)),
    );
    const strangers = [
      directory.authenticate('no-such-pod', 'x'),
      directory.authenticate(pods[0]?.identifier ?? '', 'wrong'),
    ];
    const found = await Promise.all(asks);
    expect(await Promise.all(strangers)).toEqual([null, null]);
    expect(statements).toHaveLength(1);
    expect(([...(statements[0] ?? [])][0] as string[]).sort()).toEqual(
      [...pods.map((p) => p.identifier), 'no-such-pod'].sort(),
    );
    expect(found.map((pod) => pod?.id)).toEqual(pods.flatMap((pod) => Array(20).fill(pod.id)));
    expect([...(found[59]?.sensorByType.keys() ?? [])].sort()).toEqual(['HUMIDITY', 'TEMPERATURE']);
    // Cached now.
    await directory.authenticate(pods[1]?.identifier ?? '', pods[1]?.key ?? '');
    expect(statements).toHaveLength(1);
    let release = () => {};
    const holdReads = () => {
      hold = new Promise((resolve) => {
        release = resolve;
      });
    };
    // A caller who asks while the pod's read runs waits for that read.
    const first = pods[0] as Pod;
    holdReads();
    directory.forget();
    const asked = directory.authenticate(first.identifier, first.key);
    await vi.waitFor(() => expect(answered).toBe(2));
    hold = undefined;
    const joined = directory.authenticate(first.identifier, first.key);
    release();
    expect([(await asked)?.id, (await joined)?.id]).toEqual([first.id, first.id]);
    expect(statements).toHaveLength(2);
    // A pod forgotten while its read runs is read again for the callers after the forget.
    const pod = pods[2] as Pod;
    holdReads();
    directory.forget();
    const before = directory.authenticate(pod.identifier, pod.key);
    await vi.waitFor(() => expect(answered).toBe(3));
    await t.db.query('UPDATE pod SET active = false WHERE id = $1', [pod.id]);
    directory.forget(pod.identifier);
    hold = undefined;
    const after = directory.authenticate(pod.identifier, pod.key);
    release();
    expect((await before)?.id).toBe(pod.id);
    expect(await after).toBeNull();
    expect(statements).toHaveLength(4);
    await t.db.query('UPDATE pod SET active = true WHERE id = $1', [pod.id]);
  });
});
