import { type Context, ensure } from './factory';
import type { TestApp } from './test-app';

/** A pod carrying the given sensor kinds, with a fresh ingest key; under `parents` (group .. area) when given. */
export async function podWithSensors(t: TestApp, types: readonly string[], parents: Context = {}) {
  const { pod: _, ...ctx } = parents;
  const podId = await ensure(t, 'pod', ctx);
  const sensors = await t.db.query<{ id: number; type: string }>(
    'SELECT id, type FROM sensor WHERE type = ANY($1::text[])',
    [types],
  );
  for (const s of sensors) {
    const res = await t.call('POST', '/api/pod-sensor', { token: t.adminToken, body: { podId, sensorId: s.id } });
    if (res.status !== 201) throw new Error(`pod-sensor ${res.status}`);
  }
  const key = await t.call('POST', `/api/pod/${podId}/ingest-key`, { token: t.adminToken });
  const pod = await t.call('GET', `/api/pod/${podId}`, { token: t.adminToken });
  return {
    id: podId,
    identifier: (pod.body.data as { identifier: string }).identifier,
    key: (key.body.data as { ingestKey: string }).ingestKey,
    sensors: Object.fromEntries(sensors.map((s) => [s.type, s.id])),
    ctx,
  };
}

type TestPod = Awaited<ReturnType<typeof podWithSensors>>;

/**
 * One pod's temperature readings a minute apart from `start` (`readings(from, n)`: minutes from..from+n),
 * sent over HTTP ingest with its key, and counted as stored: what the ingest bound tests send and check.
 */
export function minuteReadings(t: TestApp, pod: TestPod, start: Date) {
  const at = (minute: number) => new Date(start.getTime() + minute * 60_000).toISOString();
  const readings = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) => ({ sensorType: 'TEMPERATURE', value: i, created: at(from + i) }));
  const send = (batch: unknown[]) =>
    t.call('POST', '/api/ingest', {
      body: { readings: batch },
      headers: { authorization: `Pod ${pod.identifier}:${pod.key}` },
    });
  const stored = async (from: number, n: number) =>
    (
      await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM measurement WHERE pod_id = $1 AND created >= $2 AND created < $3',
        [pod.id, at(from), at(from + n)],
      )
    )[0]?.n;
  return { at, readings, send, stored };
}

/** Polls `done` until it holds (the test's own timeout bounds the wait). */
export async function until(done: () => boolean) {
  while (!done()) await new Promise((r) => setTimeout(r, 10));
}
