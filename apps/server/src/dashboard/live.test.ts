import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { type Context, ensure } from '../test/factory';
import { podWithSensors } from '../test/pod-fixture';
import type { LiveEvent } from './live-coalescer';
import { PodCoalescer } from './live-coalescer';
import { locationViewer } from './estate-fixture';
import { type LiveReading, postgresBus } from './live-bus';
import { openTestDatabase } from '../test/test-database';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => t?.close());

/** Reads SSE frames from a real connection until `done` says enough or the time runs out. */
async function collect(url: string, act: () => Promise<void>, done: (events: LiveEvent[]) => boolean, ms = 4000) {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  expect(res.status, res.status === 200 ? '' : await res.text()).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: LiveEvent[] = [];
  let buffer = '';
  const first = await reader.read(); // ": connected" proves the subscription is in place
  buffer += decoder.decode(first.value);
  await act();
  const deadline = Date.now() + ms;
  while (!done(events) && Date.now() < deadline) {
    const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))]);
    if (!chunk || chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    const frames = buffer.split('\n\n');
    buffer = frames.pop() ?? '';
    for (const frame of frames) {
      const data = frame.split('\n').find((l) => l.startsWith('data: '));
      if (frame.includes('event: reading') && data) events.push(JSON.parse(data.slice(6)) as LiveEvent);
    }
  }
  controller.abort();
  return events;
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
        expect((await ingest(mine, [{ sensorType: 'TEMPERATURE', value: 21.5, created: now }, { sensorType: 'HUMIDITY', value: 40, created: now }])).status).toBe(202);
      },
      (e) => e.length > 0,
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ podId: mine.id, readings: [{ sensorType: 'HUMIDITY', value: 40 }, { sensorType: 'TEMPERATURE', value: 21.5 }] });
    expect(events[0]?.created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(events.some((e) => e.podId === other.id)).toBe(false);
  });

  it('answers 401 to a bad token and 400 to none', async () => {
    expect((await fetch(`${base}/api/live?token=nonsense`)).status).toBe(401);
    expect((await fetch(`${base}/api/live`)).status).toBe(400);
  });
});

describe('PodCoalescer', () => {
  it('sends at most one event per pod per second, keeping the latest of each sensor type', () => {
    vi.useFakeTimers();
    try {
      const sent: LiveEvent[] = [];
      const c = new PodCoalescer((e) => sent.push(e), 1000, () => Date.now());
      const r = (podId: number, sensorType: string, value: number, s: number) => ({ podId, sensorType, value, created: `2026-01-01 00:00:${String(s).padStart(2, '0')}` });
      c.push([r(1, 'TEMPERATURE', 20, 0)]);
      expect(sent).toHaveLength(1);
      c.push([r(1, 'TEMPERATURE', 21, 1), r(1, 'HUMIDITY', 50, 1), r(2, 'TEMPERATURE', 5, 1)]);
      c.push([r(1, 'TEMPERATURE', 22, 2)]);
      expect(sent.map((e) => e.podId)).toEqual([1, 2]);
      vi.advanceTimersByTime(999);
      expect(sent).toHaveLength(2);
      vi.advanceTimersByTime(1);
      expect(sent).toHaveLength(3);
      expect(sent[2]).toMatchObject({ podId: 1, sensorType: 'TEMPERATURE', value: 22, readings: [{ sensorType: 'HUMIDITY', value: 50 }, { sensorType: 'TEMPERATURE', value: 22 }] });
      c.close();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('postgresBus', () => {
  // Only meaningful against a real PostgreSQL server (CI's second run sets DATABASE_URL).
  it.skipIf(!process.env.DATABASE_URL)('carries one instance\'s readings to another through LISTEN/NOTIFY', async () => {
    const db = await openTestDatabase();
    const url = process.env.DATABASE_URL as string;
    const a = await postgresBus(db, url, t.app.log);
    const b = await postgresBus(db, url, t.app.log);
    try {
      const got = new Promise<readonly LiveReading[]>((resolve) => b.subscribe(resolve));
      const many = Array.from({ length: 400 }, (_, i) => ({ podId: i, sensorType: 'TEMPERATURE', value: i / 3, created: '2026-01-01 00:00:00' }));
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
