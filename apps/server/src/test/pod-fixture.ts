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
