import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEstate, type Estate, replaceReadings } from '../test/estate-fixture';
import { locationRollupMismatches } from '../test/rollup-mismatches';
import { createTestApp, type TestApp } from '../test/test-app';
import { insertReadings } from './measurement-writer';
import { TYPE_COLUMNS } from './rollup-tables';

let t: TestApp;
let estate: Estate;
beforeAll(async () => {
  t = await createTestApp();
  estate = await buildEstate(t, 2);
  // Admin-added readings need the pod to carry the sensor.
  for (const pod of estate.pods)
    await t.db.query('INSERT INTO pod_sensor (pod_id, sensor_id) SELECT $1, id FROM sensor', [pod.id]);
});
afterAll(() => t?.close());

const HOUR = 3_600_000;
const START = Date.UTC(2026, 5, 1);

const mismatches = () => locationRollupMismatches(t.db);

const countAt = async (locationId: number) =>
  (
    await t.db.query<{ n: number }>(
      `SELECT coalesce(sum(${TYPE_COLUMNS.map((c) => c.n).join(' + ')}), 0)::int AS n FROM measurement_location_daily WHERE location_id = $1`,
      [locationId],
    )
  )[0]?.n;

async function movePod(pod: Estate['pods'][number], areaId: number, locationId: number) {
  const res = await t.call('PUT', `/api/pod/${pod.id}`, { token: t.adminToken, body: { locationId, areaId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  Object.assign(pod, { areaId, locationId });
}

describe('location rollups', () => {
  it('stay the sums of their pods through ingest, hand edits and pod moves', async () => {
    const reading = fc.record({
      podId: fc.constantFrom(...estate.pods.map((p) => p.id)),
      sensorType: fc.constantFrom('TEMPERATURE', 'WATER_FLOW'),
      value: fc.double({ min: -50, max: 500, noNaN: true }),
      created: fc.integer({ min: START, max: START + 72 * HOUR }).map((ms) => new Date(ms - (ms % 1000))),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(reading, { minLength: 1, maxLength: 80 }), fc.nat(), async (readings, pick) => {
        await replaceReadings(t, estate, readings);
        expect(await mismatches()).toBe(0);

        // A pod moves to an area of the other location, taking its history with it.
        const pod = estate.pods[pick % estate.pods.length] as Estate['pods'][number];
        const target = estate.areas.find((a) => a.locationId !== pod.locationId) as Estate['areas'][number];
        const [before] = await t.db.query<{ n: number }>(
          'SELECT coalesce(sum(count), 0)::int AS n FROM measurement_daily WHERE pod_id = $1',
          [pod.id],
        );
        const [old, next] = [await countAt(pod.locationId), await countAt(target.locationId)];
        const from = pod.locationId;
        await movePod(pod, target.id, target.locationId);
        expect(await mismatches()).toBe(0);
        expect([await countAt(from), await countAt(target.locationId)]).toEqual([
          (old ?? 0) - (before?.n ?? 0),
          (next ?? 0) + (before?.n ?? 0),
        ]);

        // By hand: a reading added, then the first reading deleted.
        const body = {
          groupId: estate.ctx.group,
          clientId: estate.ctx.client,
          podId: pod.id,
          sensorId: estate.sensorIds.TEMPERATURE,
          value: 21.5,
        };
        const created = await t.call('POST', '/api/measurement', { token: t.adminToken, body });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const [first] = await t.db.query<{ id: number }>('SELECT id FROM measurement ORDER BY id LIMIT 1');
        expect((await t.call('DELETE', `/api/measurement/${first?.id}`, { token: t.adminToken })).status).toBe(200);
        expect(await mismatches()).toBe(0);
      }),
      { numRuns: 10 },
    );
  });

  it('leave an outdoor pod out, through ingest and turning it outdoor and back', async () => {
    const [pod, other] = estate.pods as [Estate['pods'][number], Estate['pods'][number]];
    const at = (hour: number) => new Date(START + hour * HOUR);
    await replaceReadings(t, estate, [
      { podId: pod.id, sensorType: 'TEMPERATURE', value: 4, created: at(0) },
      { podId: pod.id, sensorType: 'TEMPERATURE', value: 5, created: at(1) },
      { podId: other.id, sensorType: 'TEMPERATURE', value: 21, created: at(0) },
    ]);
    const indoorCount = await countAt(pod.locationId);
    const outdoor = async (value: boolean) => {
      const res = await t.call('PUT', `/api/pod/${pod.id}`, { token: t.adminToken, body: { outdoor: value } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await mismatches()).toBe(0);
    };
    await outdoor(true);
    expect(await countAt(pod.locationId)).toBe((indoorCount ?? 0) - 2);
    // Readings stored while it is outdoor stay out of the location's rows too.
    await t.db.transaction((tx) =>
      insertReadings(tx, [
        {
          podId: pod.id,
          sensorId: estate.sensorIds.TEMPERATURE as number,
          sensorType: 'TEMPERATURE',
          value: 6,
          created: at(2),
        },
      ]),
    );
    expect(await mismatches()).toBe(0);
    await outdoor(false);
    expect(await countAt(pod.locationId)).toBe((indoorCount ?? 0) + 1);
  });

  it('a move refused for bad input leaves every location row as it was', async () => {
    const pod = estate.pods[0] as Estate['pods'][number];
    await replaceReadings(t, estate, [{ podId: pod.id, sensorType: 'MOTION', value: 3, created: new Date(START) }]);
    const other = estate.areas.find((a) => a.locationId !== pod.locationId) as Estate['areas'][number];
    // The area belongs to the other location: refused, nothing moved.
    const res = await t.call('PUT', `/api/pod/${pod.id}`, {
      token: t.adminToken,
      body: { locationId: other.locationId, areaId: estate.areas.find((a) => a.locationId === pod.locationId)?.id },
    });
    expect(res.status).toBe(400);
    expect(await countAt(pod.locationId)).toBe(1);
    expect(await countAt(other.locationId)).toBe(0);
  });

  it('lose nothing when a pod moves while batches for it are being stored', async () => {
    const pod = estate.pods[1] as Estate['pods'][number];
    await replaceReadings(t, estate, []);
    const sensorId = estate.sensorIds.ELECTRICITY as number;
    const batches = Array.from({ length: 40 }, (_, b) =>
      Array.from({ length: 25 }, (_, i) => ({
        podId: pod.id,
        sensorId,
        sensorType: 'ELECTRICITY',
        value: i,
        created: new Date(START + (b * 25 + i) * 60_000),
      })),
    );
    const homes = [
      estate.areas.find((a) => a.locationId !== pod.locationId),
      estate.areas.find((a) => a.locationId === pod.locationId),
    ] as Estate['areas'];
    // On PostgreSQL these overlap (a pool of connections); PGlite runs them one after another.
    await Promise.all([
      ...batches.map((rows) => t.db.transaction((tx) => insertReadings(tx, rows))),
      (async () => {
        for (let i = 0; i < 5; i++) {
          const area = homes[i % 2] as Estate['areas'][number];
          await movePod(pod, area.id, area.locationId);
        }
      })(),
    ]);
    expect(await mismatches()).toBe(0);
    expect(await countAt(pod.locationId)).toBe(1000);
  });
});
