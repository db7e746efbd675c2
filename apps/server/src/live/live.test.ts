import { getResource } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { locationViewer } from '../test/estate-fixture';
import { type Context, create, createUser, ensure } from '../test/factory';
import { podWithSensors } from '../test/pod-fixture';
import { openSseStream, readSse, type SseFrame } from '../test/sse-client';
import { createTestApp, type TestApp } from '../test/test-app';
import { openTestDatabase } from '../test/test-database';
import { type LiveReading, postgresBus } from './live-bus';
import type { LiveEvent } from './live-coalescer';
import { PodCoalescer } from './live-coalescer';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ LIVE_STREAMS_PER_USER: '2' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => t?.close());

/** The `reading` events of a real stream, read until `done` says enough or the time runs out. */
async function collect(url: string, act: () => Promise<void>, done: (events: LiveEvent[]) => boolean, ms = 4000) {
  const readings = (frames: SseFrame[]) =>
    frames.filter((f) => f.event === 'reading').map((f) => JSON.parse(f.data) as LiveEvent);
  return readings(await readSse(url, act, (frames) => done(readings(frames)), ms));
}

const ingest = (pod: { identifier: string; key: string }, readings: object[]) =>
  t.call('POST', '/api/ingest', { headers: { authorization: `Pod ${pod.identifier}:${pod.key}` }, body: { readings } });

describe('GET /api/live', () => {
  it('streams a reading ingested after connecting, and none from outside the scope', async () => {
    const mine = await podWithSensors(t, ['TEMPERATURE', 'HUMIDITY']);
    const other = await podWithSensors(t, ['TEMPERATURE']);
    const estate = { locations: [], areas: [], pods: [], sensorIds: {}, ctx: mine.ctx as Context };
    const viewer = await locationViewer(t, estate, await ensure(t, 'location', mine.ctx));
    const now = new Date(Date.now() - 1000).toISOString();
    const events = await collect(
      `${base}/api/live?token=${encodeURIComponent(viewer.token)}`,
      async () => {
        expect((await ingest(other, [{ sensorType: 'TEMPERATURE', value: 99, created: now }])).status).toBe(202);
        expect(
          (
            await ingest(mine, [
              { sensorType: 'TEMPERATURE', value: 21.5, created: now },
              { sensorType: 'HUMIDITY', value: 40, created: now },
            ])
          ).status,
        ).toBe(202);
      },
      (e) => e.length > 0,
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      podId: mine.id,
      readings: [
        { sensorType: 'HUMIDITY', value: 40 },
        { sensorType: 'TEMPERATURE', value: 21.5 },
      ],
    });
    expect(events[0]?.created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(events.some((e) => e.podId === other.id)).toBe(false);
  });

  it('answers 401 to a bad token and 400 to none', async () => {
    expect((await fetch(`${base}/api/live?token=nonsense`)).status).toBe(401);
    // The same rule as a Bearer token: a subject that is not a user id is a 401, not a database error.
    const odd = t.app.jwt.sign({ sub: 'abc', pwd: 'x' } as never);
    expect((await fetch(`${base}/api/live?token=${encodeURIComponent(odd)}`)).status).toBe(401);
    expect((await fetch(`${base}/api/live`)).status).toBe(400);
  });
});

/** One open SSE connection, its `reading` events parsed. */
async function openStream(url: string) {
  const stream = await openSseStream(url);
  return {
    ...stream,
    get events() {
      return stream.frames.filter((f) => f.event === 'reading').map((f) => JSON.parse(f.data) as LiveEvent);
    },
  };
}

/** A viewer whose role is bound to the areas of the given pods, with the binding ids. */
async function areaViewer(pods: { ctx: Context }[]) {
  const role = await t.call('POST', '/api/role', {
    token: t.adminToken,
    body: { title: `Areas ${Math.random()}`, description: 'Areas', accessLevel: 10 },
  });
  const roleId = (role.body.data as { id: number }).id;
  const bindings: number[] = [];
  for (const pod of pods) bindings.push(await create(t, getResource('role-area'), { ...pod.ctx, role: roleId }));
  return { ...(await createUser(t, roleId)), bindings };
}

describe('GET /api/live ends access when it ends', () => {
  it.each([
    ['deactivates', { active: false }],
    ['unverifies', { verified: false }],
  ])('closes the stream soon after an administrator %s the user', async (_, change) => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    const viewer = await areaViewer([pod]);
    const stream = await openStream(`${base}/api/live?token=${encodeURIComponent(viewer.token)}`);
    expect((await t.call('PUT', `/api/user/${viewer.id}`, { token: t.adminToken, body: change })).status).toBe(200);
    await stream.until(() => false);
    expect(stream.ended()).toBe(true);
    stream.close();
  });

  it('closes the stream after the password changes', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    const viewer = await areaViewer([pod]);
    const stream = await openStream(`${base}/api/live?token=${encodeURIComponent(viewer.token)}`);
    expect(
      (await t.call('PUT', `/api/user/${viewer.id}`, { token: t.adminToken, body: { password: 'a-new-password' } }))
        .status,
    ).toBe(200);
    await stream.until(() => false);
    expect(stream.ended()).toBe(true);
    stream.close();
  });

  it('stops carrying the readings of pods whose role binding was removed', async () => {
    const kept = await podWithSensors(t, ['TEMPERATURE']);
    const removed = await podWithSensors(t, ['TEMPERATURE']);
    const viewer = await areaViewer([kept, removed]);
    const stream = await openStream(`${base}/api/live?token=${encodeURIComponent(viewer.token)}`);
    const seen = (podId: number, value: number) => stream.events.some((e) => e.podId === podId && e.value === value);
    // One round: a reading of each pod, the removed pod's first. Rounds are over a second apart, so
    // the one-event-per-pod-per-second coalescing never holds one back: events come in ingest order.
    const round = async (value: number) => {
      const created = new Date(Date.now() - 1000).toISOString();
      expect((await ingest(removed, [{ sensorType: 'TEMPERATURE', value, created }])).status).toBe(202);
      expect((await ingest(kept, [{ sensorType: 'TEMPERATURE', value, created }])).status).toBe(202);
      expect(await stream.until(() => seen(kept.id, value), 10_000)).toBe(true);
      await new Promise((r) => setTimeout(r, 1100));
    };
    await round(1);
    expect(seen(removed.id, 1)).toBe(true);

    expect((await t.call('DELETE', `/api/role-area/${viewer.bindings[1]}`, { token: t.adminToken })).status).toBe(200);
    let value = 1;
    const deadline = Date.now() + 30_000;
    do await round(++value);
    while (seen(removed.id, value) && Date.now() < deadline);
    expect(seen(removed.id, value)).toBe(false);
    const filteredFrom = value;
    for (let i = 0; i < 2; i++) await round(++value);
    expect(stream.events.filter((e) => e.podId === removed.id && e.value >= filteredFrom)).toEqual([]);
    expect(stream.ended()).toBe(false);
    stream.close();
  }, 60_000);
});

describe('GET /api/live stream cap', () => {
  it('answers 429 with Retry-After past LIVE_STREAMS_PER_USER open streams, and lets a new one in once one closes', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    const viewer = await areaViewer([pod]);
    const url = `${base}/api/live?token=${encodeURIComponent(viewer.token)}`;
    const first = await openStream(url);
    const second = await openStream(url);
    const third = await fetch(url);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await third.json()) as { error: string }).error).toMatch(/live/i);
    // Another user is not affected.
    const other = await areaViewer([pod]);
    const theirs = await openStream(`${base}/api/live?token=${encodeURIComponent(other.token)}`);
    theirs.close();

    first.close();
    await vi.waitFor(
      async () => {
        const again = await fetch(url);
        await again.body?.cancel();
        expect(again.status).toBe(200);
      },
      { timeout: 10_000, interval: 200 },
    );
    second.close();
  }, 30_000);
});

describe('PodCoalescer', () => {
  it('sends at most one event per pod per second, keeping the latest of each sensor type', () => {
    vi.useFakeTimers();
    try {
      const sent: LiveEvent[] = [];
      const c = new PodCoalescer(
        (e) => sent.push(e),
        1000,
        () => Date.now(),
      );
      const r = (podId: number, sensorType: string, value: number, s: number) => ({
        podId,
        sensorType,
        value,
        created: `2026-01-01 00:00:${String(s).padStart(2, '0')}`,
      });
      c.push([r(1, 'TEMPERATURE', 20, 0)]);
      expect(sent).toHaveLength(1);
      c.push([r(1, 'TEMPERATURE', 21, 1), r(1, 'HUMIDITY', 50, 1), r(2, 'TEMPERATURE', 5, 1)]);
      c.push([r(1, 'TEMPERATURE', 22, 2)]);
      expect(sent.map((e) => e.podId)).toEqual([1, 2]);
      vi.advanceTimersByTime(999);
      expect(sent).toHaveLength(2);
      vi.advanceTimersByTime(1);
      expect(sent).toHaveLength(3);
      expect(sent[2]).toMatchObject({
        podId: 1,
        sensorType: 'TEMPERATURE',
        value: 22,
        readings: [
          { sensorType: 'HUMIDITY', value: 50 },
          { sensorType: 'TEMPERATURE', value: 22 },
        ],
      });
      c.close();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('postgresBus', () => {
  // Only meaningful against a real PostgreSQL server (CI's second run sets DATABASE_URL).
  it.skipIf(!process.env.DATABASE_URL)("carries one instance's readings to another through LISTEN/NOTIFY", async () => {
    const db = await openTestDatabase();
    const a = await postgresBus(db, t.app.log);
    const b = await postgresBus(db, t.app.log);
    try {
      const got = new Promise<readonly LiveReading[]>((resolve) => b.subscribe(resolve));
      const many = Array.from({ length: 400 }, (_, i) => ({
        podId: i,
        sensorType: 'TEMPERATURE',
        value: i / 3,
        created: '2026-01-01 00:00:00',
      }));
      const all: LiveReading[] = [];
      b.subscribe((r) => all.push(...r));
      a.publish(many);
      expect((await got)[0]).toEqual(many[0]);
      await vi.waitFor(() => expect(all).toHaveLength(400));
    } finally {
      await a.close();
      await b.close();
      await db.drop();
    }
  });
});
