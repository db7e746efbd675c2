import { EARLIEST_READING_MS, MAX_READING_MAGNITUDE } from '@greenpod/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podWithSensors } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { insertReadings } from './measurement-writer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

// The writer spells its array parameters itself (times as milliseconds, types unquoted when plain words): what
// it stores must be what it was given, to the microsecond and to the last bit of the value.
describe('insertReadings', () => {
  it('stores every time to the microsecond and every value bit for bit', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    const sensorId = pod.sensors.TEMPERATURE as number;
    const reading = fc.record({
      ms: fc.integer({ min: EARLIEST_READING_MS, max: Date.UTC(2100, 0, 1) }),
      value: fc.double({ min: -MAX_READING_MAGNITUDE, max: MAX_READING_MAGNITUDE, noNaN: true }),
    });
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(reading, { selector: (r) => r.ms, minLength: 1, maxLength: 40 }), async (rs) => {
        await t.db.query('DELETE FROM measurement WHERE pod_id = $1', [pod.id]);
        const rows = rs.map((r) => ({
          podId: pod.id,
          sensorId,
          sensorType: 'TEMPERATURE',
          value: r.value,
          created: new Date(r.ms),
        }));
        expect(await t.db.transaction((tx) => insertReadings(tx, rows))).toEqual(new Set());
        const back = await t.db.query<{ micros: string; value: number }>(
          `SELECT (extract(epoch FROM created) * 1000000)::bigint::text AS micros, value
           FROM measurement WHERE pod_id = $1 ORDER BY created`,
          [pod.id],
        );
        const sorted = [...rs].sort((a, b) => a.ms - b.ms);
        expect(back.map((b) => b.micros)).toEqual(sorted.map((r) => `${BigInt(r.ms) * 1000n}`));
        // -0 is stored as 0, as the driver's own spelling of numbers always did.
        expect(back.map((b) => b.value)).toEqual(sorted.map((r) => r.value + 0));
      }),
      { numRuns: 25 },
    );
  });

  it('stores sensor types that are not plain words as they are', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    const sensorId = pod.sensors.TEMPERATURE as number;
    const types = ['NULL', 'null', 'two words', 'a,b', '{x}', 'quote"d', 'back\\slash', "it's", ''];
    const created = Date.UTC(2020, 0, 1);
    await t.db.transaction((tx) =>
      insertReadings(
        tx,
        types.map((sensorType, i) => ({
          podId: pod.id,
          sensorId,
          sensorType,
          value: i,
          created: new Date(created + i),
        })),
      ),
    );
    const back = await t.db.query<{ sensor_type: string | null }>(
      'SELECT sensor_type FROM measurement WHERE pod_id = $1 ORDER BY created',
      [pod.id],
    );
    expect(back.map((b) => b.sensor_type)).toEqual(types);
  });

  it('answers which rows were there already, by their position', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    const row = (minute: number) => ({
      podId: pod.id,
      sensorId: pod.sensors.TEMPERATURE as number,
      sensorType: 'TEMPERATURE',
      value: minute,
      created: new Date(Date.UTC(2021, 0, 1) + minute * 60_000),
    });
    await t.db.transaction((tx) => insertReadings(tx, [row(1), row(3)]));
    expect(await t.db.transaction((tx) => insertReadings(tx, [row(0), row(1), row(2), row(3)]))).toEqual(
      new Set([1, 3]),
    );
  });
});
