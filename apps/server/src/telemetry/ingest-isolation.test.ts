import { formatWireTime } from '@greenpod/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podWithSensors } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { IngestService } from './ingest-service';
import type { PodIdentity } from './reading-validation';

// One pod's bad reading must never cost another pod's readings: the database is made to refuse a
// real value (a CHECK constraint this file adds), on top of the readings validation refuses.
const REFUSED_BY_DATABASE = 666;

let t: TestApp;
type Pod = Awaited<ReturnType<typeof podWithSensors>>;
let hostile: Pod;
let a: Pod;
let b: Pod;
const identity = new Map<number, PodIdentity>();

beforeAll(async () => {
  t = await createTestApp();
  [hostile, a, b] = [
    await podWithSensors(t, ['TEMPERATURE', 'HUMIDITY']),
    await podWithSensors(t, ['TEMPERATURE']),
    await podWithSensors(t, ['TEMPERATURE']),
  ];
  for (const p of [hostile, a, b])
    identity.set(p.id, (await t.app.ingest.pods.authenticate(p.identifier, p.key)) as PodIdentity);
  await t.db.query(`ALTER TABLE measurement ADD CONSTRAINT test_refused_value CHECK (value <> ${REFUSED_BY_DATABASE})`);
});
afterAll(() => t?.close());

const send = (pod: Pod, readings: unknown[]) =>
  t.call('POST', '/api/ingest', { body: { readings }, headers: { authorization: `Pod ${pod.identifier}:${pod.key}` } });
const stored = async (podId: number) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM measurement WHERE pod_id = $1', [podId]))[0]?.n ?? 0;
const hourlyCount = async (podId: number) =>
  (
    await t.db.query<{ n: number }>(
      'SELECT coalesce(sum(count), 0)::int AS n FROM measurement_hourly WHERE pod_id = $1',
      [podId],
    )
  )[0]?.n ?? 0;

describe('ingest failure isolation', () => {
  it('refuses what the database cannot hold with a reason, and stores the sender and other pods', async () => {
    const before = { hostile: await stored(hostile.id), b: await stored(b.id) };
    const [bad, good] = await Promise.all([
      send(hostile, [
        { sensorType: 'TEMPERATURE', value: 20, created: '2024-03-01 10:00:00' },
        { sensorType: 'TEMPERATURE', value: 21, created: '0000-01-01 00:00:00' },
        { sensorType: 'TEMPERATURE', value: 1.7e308, created: '2024-03-01 10:01:00' },
        { sensorType: 'TEMPERATURE', value: -1.7e308, created: '2024-03-01 10:02:00' },
        { sensorType: 'TEMPERATURE', value: '0x10', created: '2024-03-01 10:03:00' },
        { sensorType: 'TEMPERATURE', value: 22, created: '2026-02-30 10:00:00' },
        { sensorType: 'TEMPERATURE', value: 23, created: '1999-12-31 23:59:59' },
        { sensorType: 'TEMPERATURE', value: REFUSED_BY_DATABASE, created: '2024-03-01 10:04:00' },
        { sensorType: 'HUMIDITY', value: 40, created: '2024-03-01 10:05:00' },
      ]),
      send(b, [{ sensorType: 'TEMPERATURE', value: 18, created: '2024-03-01 10:00:00' }]),
    ]);
    expect(good.status).toBe(202);
    expect(good.body.data).toEqual({ stored: 1, duplicates: 0, rejected: [] });
    expect(bad.status).toBe(202);
    const rejected = (bad.body.data as { rejected: { index: number; reason: string }[] }).rejected;
    expect(bad.body.data).toMatchObject({ stored: 2, duplicates: 0 });
    expect(rejected.map((r) => r.index)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(rejected[0]?.reason).toMatch(/before 2000-01-01/);
    expect(rejected[1]?.reason).toMatch(/1e\+?15/);
    expect(rejected[3]?.reason).toBe('value must be a JSON number');
    expect(rejected[4]?.reason).toMatch(/not a time/);
    expect(rejected[6]?.reason).toMatch(/database refused this reading/);
    expect(await stored(hostile.id)).toBe(before.hostile + 2);
    expect(await stored(b.id)).toBe(before.b + 1);
  });

  it('stores every valid reading once while one pod sends hostile readings in the same statements', async () => {
    let run = 0;
    const validValue = fc.double({ min: -1e6, max: 1e6, noNaN: true }).filter((v) => v !== REFUSED_BY_DATABASE);
    const hostileReading = fc.record(
      {
        sensorType: fc.constantFrom('TEMPERATURE', 'HUMIDITY', 'CO2', 'NOPE'),
        value: fc.oneof(
          fc.double(),
          fc.constantFrom(REFUSED_BY_DATABASE, 1.7e308, -1.7e308, 1e15, -1e15, 1e15 + 2, '0x10', '16', null, true),
        ),
        created: fc.oneof(
          fc.constantFrom(
            '0000-01-01 00:00:00',
            '2026-02-30 10:00:00',
            '1999-12-31 23:59:59',
            '9999-12-31 23:59:59',
            '2024-01-01T24:00:00Z',
            'now',
          ),
          fc
            .date({
              min: new Date(Date.UTC(-270000, 0, 1)),
              max: new Date(Date.UTC(270000, 0, 1)),
              noInvalidDate: true,
            })
            .map((d) => d.toISOString()),
          fc.integer({ min: 0, max: 50 }).map((h) => formatWireTime(new Date(Date.UTC(2005, 0, 1) + h * 3_600_000))),
        ),
      },
      { requiredKeys: ['value'] },
    );
    // Each pod's valid readings: distinct minutes of this run's own month, split into 1-3 batches.
    const validBatches = fc
      .uniqueArray(fc.integer({ min: 0, max: 40_000 }), { minLength: 1, maxLength: 60 })
      .chain((minutes) =>
        fc.tuple(
          fc.constant(minutes),
          fc.array(validValue, { minLength: minutes.length, maxLength: minutes.length }),
          fc.integer({ min: 1, max: 3 }),
        ),
      );

    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(hostileReading, { minLength: 1, maxLength: 30 }), { minLength: 1, maxLength: 3 }),
        validBatches,
        validBatches,
        async (hostileBatches, forA, forB) => {
          const base = Date.UTC(2010, 0, 1) + run++ * 31 * 86_400_000;
          const batchesOf = ([minutes, values, parts]: [number[], number[], number]) => {
            const readings = minutes.map((m, i) => ({
              sensorType: 'TEMPERATURE',
              value: values[i],
              created: formatWireTime(new Date(base + m * 60_000)),
            }));
            return Array.from({ length: parts }, (_, p) => readings.filter((_, i) => i % parts === p)).filter(
              (r) => r.length,
            );
          };
          const before = { a: await stored(a.id), b: await stored(b.id), hostile: await stored(hostile.id) };
          const jobs = [
            ...hostileBatches.map((r) => ({ pod: hostile, readings: r as unknown[] })),
            ...batchesOf(forA).map((r) => ({ pod: a, readings: r as unknown[] })),
            ...batchesOf(forB).map((r) => ({ pod: b, readings: r as unknown[] })),
          ];
          // All at once: they share group-commit statements, hostile rows next to valid ones.
          const results = await Promise.all(
            jobs.map((j) => t.app.ingest.ingest(identity.get(j.pod.id) as PodIdentity, j.readings)),
          );
          results.forEach((r, i) => {
            const job = jobs[i] as (typeof jobs)[number];
            expect(r.stored + r.duplicates + r.rejected.length).toBe(job.readings.length);
            if (job.pod !== hostile) expect(r).toEqual({ stored: job.readings.length, duplicates: 0, rejected: [] });
          });
          expect(await stored(a.id)).toBe(before.a + forA[0].length);
          expect(await stored(b.id)).toBe(before.b + forB[0].length);
          const hostileStored = results.filter((_, i) => jobs[i]?.pod === hostile).reduce((n, r) => n + r.stored, 0);
          expect(await stored(hostile.id)).toBe(before.hostile + hostileStored);
          for (const p of [a, b, hostile]) expect(await hourlyCount(p.id)).toBe(await stored(p.id));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('answers 503 when the store fails for a reason not in the data, logging one short line for repeats', async () => {
    const lines: { level: string; obj: object; msg: string }[] = [];
    const service = new IngestService(t.db, {
      warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
      error: (obj, msg) => lines.push({ level: 'error', obj, msg }),
    });
    const pod = identity.get(a.id) as PodIdentity;
    const reading = { sensorType: 'TEMPERATURE', value: 1, created: '2024-05-01 00:00:00' };
    // Not the data's fault: a rollup table is missing (42P01), as the database being down would be.
    await t.db.query('ALTER TABLE measurement_monthly RENAME TO measurement_monthly_away');
    try {
      for (let i = 0; i < 5; i++)
        await expect(
          service.ingest(pod, [reading, { ...reading, value: 2, created: '2024-05-01 00:01:00' }]),
        ).rejects.toMatchObject({ statusCode: 503 });
      expect((await send(a, [reading])).status).toBe(503);
    } finally {
      await t.db.query('ALTER TABLE measurement_monthly_away RENAME TO measurement_monthly');
    }
    expect(lines).toEqual([{ level: 'error', obj: { pod: a.identifier, count: 2 }, msg: 'store failed: 42P01' }]);
    expect(await service.ingest(pod, [reading])).toEqual({ stored: 1, duplicates: 0, rejected: [] });

    // A reading the database refuses: one short warning, never the statement or its parameters.
    await service.ingest(pod, [{ ...reading, value: REFUSED_BY_DATABASE, created: '2024-05-01 00:02:00' }]);
    await service.ingest(pod, [{ ...reading, value: REFUSED_BY_DATABASE, created: '2024-05-01 00:03:00' }]);
    expect(lines.slice(1)).toEqual([
      {
        level: 'warn',
        obj: { pod: a.identifier, count: 1 },
        msg: expect.stringMatching(/^the database refused this reading: .*test_refused_value/),
      },
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/INSERT|unnest|2024-05-01/);
  });
});
