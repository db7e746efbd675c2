import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podWithSensors } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { startMaintenance } from './maintenance';
import { makeWeeks } from './measurement-partitions';
import { insertReadings } from './measurement-writer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('maintenance', () => {
  it('drops the weeks of raw readings (and their 5-minute location rows) past RAW_RETENTION_DAYS and keeps the rollups', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    const sensorId = pod.sensors.TEMPERATURE as number;
    const day = 86_400_000;
    const reading = (daysAgo: number) => ({
      podId: pod.id,
      sensorId,
      sensorType: 'TEMPERATURE',
      value: daysAgo,
      created: new Date(Date.now() - daysAgo * day),
    });
    await t.db.transaction((tx) => insertReadings(tx, [40, 20, 1].map(reading)));
    const pass = async (retentionDays?: number) => {
      const m = startMaintenance(t.db, { retentionDays, log: t.app.log, everyMs: 3_600_000 });
      await m.run();
      await m.stop();
    };
    // History as a bulk load leaves it: each old reading in a week of its own.
    await makeWeeks(t.db, new Date(Date.now() - 40 * day), new Date());
    const partitionOf = async (value: number) =>
      (
        await t.db.query<{ part: string }>(
          'SELECT tableoid::regclass::text AS part FROM measurement WHERE pod_id = $1 AND value = $2',
          [pod.id, value],
        )
      )[0]?.part as string;
    const [forty, twenty] = [await partitionOf(40), await partitionOf(20)];
    expect(forty).toMatch(/^measurement_\d{8}$/);
    expect(twenty).toMatch(/^measurement_\d{8}$/);
    await pass(30);
    // Whole weeks go: the 40-day-old reading's week ended before the week holding 30 days ago began.
    const exists = async (table: string) =>
      (await t.db.query<{ r: string | null }>('SELECT to_regclass($1)::text AS r', [table]))[0]?.r;
    expect([await exists(forty), await exists(twenty)]).toEqual([null, twenty]);
    const values = async () =>
      (
        await t.db.query<{ value: number }>('SELECT value FROM measurement WHERE pod_id = $1 ORDER BY value', [pod.id])
      ).map((r) => r.value);
    expect(await values()).toEqual([1, 20]);

    // History sent late, from before the horizon: stored (in measurement_before) and counted, then its raw
    // reading goes with the next pass as its week did.
    await t.db.transaction((tx) => insertReadings(tx, [reading(50)]));
    expect(await partitionOf(50)).toBe('measurement_before');
    await pass(30);
    expect(await values()).toEqual([1, 20]);
    const [hourly] = await t.db.query<{ n: number; s: number }>(
      'SELECT sum(count)::int AS n, sum(sum) AS s FROM measurement_hourly WHERE pod_id = $1',
      [pod.id],
    );
    expect(hourly).toEqual({ n: 4, s: 111 });
    // The minute and 5-minute location rows are made of raw readings and go with them; hourly ones stay.
    const sumAt = async (table: string) =>
      (
        await t.db.query<{ n: number }>(
          `SELECT sum(n_temperature)::int AS n FROM ${table} WHERE location_id = (SELECT location_id FROM pod WHERE id = $1)`,
          [pod.id],
        )
      )[0]?.n;
    expect([
      await sumAt('measurement_location_minute'),
      await sumAt('measurement_location_5min'),
      await sumAt('measurement_location_hourly'),
    ]).toEqual([2, 2, 4]);
  });
});
