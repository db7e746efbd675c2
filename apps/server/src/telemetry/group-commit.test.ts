import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podWithSensors } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { GroupCommitWriter } from './group-commit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('a group of writes', () => {
  it('stores a reading repeated within a write, or across writes of one statement, once, counted for the first', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE', 'HUMIDITY']);
    const writer = new GroupCommitWriter(t.db, { concurrency: 1 });
    const at = (minute: number) => new Date(Date.UTC(2022, 0, 1) + minute * 60_000);
    const row = (type: 'TEMPERATURE' | 'HUMIDITY', minute: number) => ({
      podId: pod.id,
      sensorId: pod.sensors[type] as number,
      sensorType: type,
      value: minute,
      created: at(minute),
    });
    // Issued in one tick, so one statement holds all three.
    const [first, second, third] = await Promise.all([
      writer.write([row('TEMPERATURE', 0), row('TEMPERATURE', 1), row('TEMPERATURE', 0)]),
      writer.write([row('TEMPERATURE', 1), row('HUMIDITY', 1)]),
      writer.write([row('HUMIDITY', 1), row('HUMIDITY', 2)]),
    ]);
    expect([first?.stored, second?.stored, third?.stored]).toEqual([2, 1, 1]);
    const stored = await t.db.query<{ sensor_type: string; minute: number }>(
      `SELECT sensor_type, extract(epoch FROM created - $2::timestamptz)::int / 60 AS minute
       FROM measurement WHERE pod_id = $1 ORDER BY sensor_type, created`,
      [pod.id, at(0).toISOString()],
    );
    expect(stored).toEqual([
      { sensor_type: 'HUMIDITY', minute: 1 },
      { sensor_type: 'HUMIDITY', minute: 2 },
      { sensor_type: 'TEMPERATURE', minute: 0 },
      { sensor_type: 'TEMPERATURE', minute: 1 },
    ]);
    const hourly = await t.db.query<{ count: number }>(
      'SELECT sum(count)::int AS count FROM measurement_hourly WHERE pod_id = $1',
      [pod.id],
    );
    expect(hourly).toEqual([{ count: 4 }]);
  });

  it('answers the writers of a large group a slice at a time, letting other work in between', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    const writer = new GroupCommitWriter(t.db, { concurrency: 1 });
    const sensorId = pod.sensors.TEMPERATURE as number;
    const order: string[] = [];
    const writes = Array.from({ length: 500 }, (_, i) =>
      writer
        .write([
          {
            podId: pod.id,
            sensorId,
            sensorType: 'TEMPERATURE',
            value: i,
            created: new Date(Date.UTC(2023, 0, 1) + i * 1000),
          },
        ])
        .then(() => {
          // The first answer asks for a turn of the event loop: it must come before the last writer is answered.
          if (i === 0) setImmediate(() => order.push('other work'));
          order.push('answered');
        }),
    );
    await Promise.all(writes);
    await new Promise((r) => setImmediate(r));
    expect(order.filter((o) => o === 'answered')).toHaveLength(500);
    expect(order.indexOf('other work')).toBeGreaterThan(0);
    expect(order.indexOf('other work')).toBeLessThan(500);
  });

  it("answers a pod's writes one after the other, in the order they came", async () => {
    const pods = await Promise.all([1, 2, 3].map(() => podWithSensors(t, ['TEMPERATURE'])));
    const writer = new GroupCommitWriter(t.db, { concurrency: 1 });
    const answered: string[] = [];
    // Interleaved as messages from three connections arrive: a b a c b a.
    const order = [0, 1, 0, 2, 1, 0];
    await Promise.all(
      order.map((k, i) => {
        const pod = pods[k] as (typeof pods)[number];
        const row = {
          podId: pod.id,
          sensorId: pod.sensors.TEMPERATURE as number,
          sensorType: 'TEMPERATURE',
          value: i,
          created: new Date(Date.UTC(2023, 1, 1) + i * 1000),
        };
        return writer.write([row]).then(() => answered.push(`${'abc'[k]}${i}`));
      }),
    );
    // Each pod's answers side by side (its acknowledgements leave in one write), each pod's in its own order.
    const runs = answered.map((a) => a[0]).filter((p, i, all) => p !== all[i - 1]);
    expect(runs).toHaveLength(3);
    expect(answered.filter((a) => a.startsWith('a'))).toEqual(['a0', 'a2', 'a5']);
    expect(answered.filter((a) => a.startsWith('b'))).toEqual(['b1', 'b4']);
  });
});
