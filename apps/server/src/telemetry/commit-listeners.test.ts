import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podWithSensors } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import type { ReadingRow } from './reading-validation';

let t: TestApp;
let pod: Awaited<ReturnType<typeof podWithSensors>>;
beforeAll(async () => {
  t = await createTestApp();
  pod = await podWithSensors(t, ['TEMPERATURE']);
});
afterAll(() => t?.close());

let sent = 0;
const ingest = () =>
  t.call('POST', '/api/ingest', {
    headers: { authorization: `Pod ${pod.identifier}:${pod.key}` },
    body: {
      readings: [
        { sensorType: 'TEMPERATURE', value: ++sent, created: new Date(Date.now() - sent * 1000).toISOString() },
      ],
    },
  });

/** A listener that keeps the values it hears. */
const recorder = () => {
  const values: number[] = [];
  return { values, listener: (rows: readonly ReadingRow[]) => values.push(...rows.map((r) => r.value)) };
};

describe('the writer’s commit listeners', () => {
  it('keeps every other listener when one is removed, whatever the order', async () => {
    const writer = t.app.ingest.writer;
    const first = recorder();
    const second = recorder();
    const stopFirst = writer.onCommitted(first.listener);
    const stopSecond = writer.onCommitted(second.listener);
    // The first one added goes first: with one callback chained and restored, this put back what
    // was there before it and dropped the second.
    stopFirst();
    expect((await ingest()).status).toBe(202);
    expect(first.values).toEqual([]);
    expect(second.values).toEqual([sent]);
    stopSecond();
    expect((await ingest()).status).toBe(202);
    expect(second.values).toEqual([sent - 1]);
  });

  it('lets a committed write succeed and the other listeners hear it when one listener throws', async () => {
    const writer = t.app.ingest.writer;
    const after = recorder();
    const stopThrowing = writer.onCommitted(() => {
      throw new Error('a listener bug');
    });
    const stopAfter = writer.onCommitted(after.listener);
    try {
      expect((await ingest()).status).toBe(202);
      expect(after.values).toEqual([sent]);
      const [row] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM measurement WHERE pod_id = $1', [
        pod.id,
      ]);
      expect(row?.n).toBe(sent);
    } finally {
      stopThrowing();
      stopAfter();
    }
  });
});
