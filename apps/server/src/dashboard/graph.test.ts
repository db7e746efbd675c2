import { formatWireTime, getResource, type Resource } from '@greenpod/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireTimeSql } from '../db/wire-time-sql';
import { buildEstate, type Estate, replaceReadings } from '../test/estate-fixture';
import { create, createUser } from '../test/factory';
import { createTestApp, type TestApp } from '../test/test-app';
import { meansByBucket } from './chart-query';
import { chartPods } from './dashboard-scope';
import { MAX_POINTS, planBuckets } from './window';

let t: TestApp;
let estate: Estate;
beforeAll(async () => {
  t = await createTestApp();
  estate = await buildEstate(t, 1);
});
afterAll(() => t?.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const END = Date.UTC(2026, 9, 27, 5, 0, 0); // just after London's autumn DST change
const SPAN = 35 * DAY;
const ZONES = ['UTC', 'Europe/London', 'Asia/Kolkata', 'America/New_York'] as const;
type Series = Record<string, [number, string][]>;

/**
 * The plain-SQL truth, written independently of the server's edges: fixed widths with date_bin
 * from local midnight of the first day, days with date_trunc in the zone, the first bucket
 * clipped to the window's start.
 */
async function oracle(from: Date, to: Date, tz: string, bucketMs: number, pods: number[]): Promise<Series> {
  const origin = `(date_trunc('day', $1::timestamptz AT TIME ZONE $3) AT TIME ZONE $3)`;
  const bin =
    bucketMs >= DAY
      ? `(date_trunc('day', m.created AT TIME ZONE $3) AT TIME ZONE $3)`
      : `date_bin(make_interval(secs => $4), m.created, ${origin})`;
  const rows = await t.db.query<{ sensor_type: string; label: string; avg: number }>(
    `SELECT sensor_type, ${wireTimeSql(`greatest(${bin}, $1::timestamptz)`)} AS label, avg(value) AS avg
     FROM measurement m WHERE m.pod_id = ANY($5::int[]) AND m.created >= $1 AND m.created < $2
       AND $4::float8 > 0 -- the width, which day buckets do not use: a statement must use every parameter
     GROUP BY 1, 2 ORDER BY 1, 2`,
    [from, to, tz, bucketMs / 1000, pods],
  );
  const out: Series = {};
  for (const r of rows) out[r.sensor_type] = [...(out[r.sensor_type] ?? []), [r.avg, r.label]];
  return out;
}

/** A reading of one of the estate's pods, at a whole second from `from` to just before END. */
const readingAfter = (from: number) =>
  fc.record({
    podId: fc.constantFrom(...estate.pods.map((p) => p.id)),
    sensorType: fc.constantFrom('TEMPERATURE', 'WATER_FLOW'),
    value: fc.integer({ min: -100, max: 3000 }),
    created: fc.integer({ min: from, max: END - 1 }).map((ms) => new Date(ms - (ms % 1000))),
  });

/**
 * The charts of a place filter equal the oracle over `pods`, for windows ending at END that read raw readings
 * and minute rows (20 minutes), 5-minute rows (3 days), and hourly and daily rows; `ragged` ms before a whole second.
 */
async function expectChartsOf(filter: string, token: string, pods: number[], ragged: number) {
  for (const length of [20 * 60_000, 3 * DAY, 8 * DAY, 31 * DAY]) {
    const w = { from: new Date(END - length - ragged), to: new Date(END) };
    const query = `fromValue=${encodeURIComponent(formatWireTime(w.from))}&toValue=${encodeURIComponent(formatWireTime(w.to))}&tz=UTC&${filter}`;
    const res = await t.call('GET', `/api/graph?${query}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { bucket } = planBuckets(w, 'UTC');
    const expected = await oracle(w.from, w.to, 'UTC', bucket.ms, pods);
    expect(Object.keys(expected)).not.toHaveLength(0);
    expect(res.body.data, query).toEqual(expected);
  }
}

describe('graph against a plain-SQL oracle', () => {
  it('equals date_bin buckets of raw readings for random data, zones and windows', async () => {
    const reading = readingAfter(END - SPAN);
    const window = fc
      .tuple(
        fc.integer({ min: END - SPAN, max: END }),
        fc.constantFrom(20 * 60_000, 20 * HOUR, 3 * DAY, 8 * DAY, 31 * DAY),
        fc.constantFrom(1000, HOUR, DAY),
        fc.constantFrom(...ZONES),
        // An area's pods are read per pod; a whole location from the location rollups (ADR 0014).
        fc.constantFrom('areaId', 'locationId'),
      )
      .map(([start, length, unit, tz, filter]) => {
        const from = Math.floor(start / unit) * unit;
        return { from: new Date(from), to: new Date(from + length), tz, filter };
      });
    await fc.assert(
      fc.asyncProperty(
        fc.array(reading, { minLength: 1, maxLength: 150 }),
        fc.array(window, { minLength: 3, maxLength: 3 }),
        async (readings, windows) => {
          await replaceReadings(t, estate, readings);
          for (const w of windows) {
            const area = estate.areas[0] as Estate['areas'][number];
            const place = w.filter === 'areaId' ? area.id : area.locationId;
            const query = `fromValue=${encodeURIComponent(formatWireTime(w.from))}&toValue=${encodeURIComponent(formatWireTime(w.to))}&tz=${w.tz}&${w.filter}=${place}`;
            const res = await t.call('GET', `/api/graph?${query}`, { token: t.adminToken });
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            const { bucket } = planBuckets(w, w.tz);
            const pods = estate.pods
              .filter((p) => (w.filter === 'areaId' ? p.areaId === area.id : p.locationId === area.locationId))
              .map((p) => p.id);
            expect(res.body.data, `${query} bucket ${bucket.ms}`).toEqual(
              await oracle(w.from, w.to, w.tz, bucket.ms, pods),
            );
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  it("a live window's minutes (and a year's last hour) come from the minute rows, ragged seconds from raw readings (ADR 0031)", async () => {
    // Readings dense in the last 45 minutes, windows of 10 to 60 minutes from any second: 1-minute buckets,
    // whose whole minutes a whole location reads from its minute rows, and an area from its pods' readings.
    const reading = readingAfter(END - 45 * 60_000);
    const window = fc
      .tuple(
        fc.integer({ min: END - 50 * 60_000, max: END - 5 * 60_000 }),
        fc.integer({ min: 10, max: 60 }),
        fc.constantFrom(...ZONES),
        fc.constantFrom('areaId', 'locationId'),
      )
      .map(([start, minutes, tz, filter]) => {
        const from = start - (start % 1000);
        return { from: new Date(from), to: new Date(from + minutes * 60_000), tz, filter };
      });
    // And windows of a Year chart's kind ending among those readings: day buckets, whose local midnights are
    // whole 5 minutes, so the minute and 5-minute rows stand in for the raw readings after the last whole hour.
    const year = fc
      .tuple(
        fc.integer({ min: END - 45 * 60_000, max: END }),
        fc.integer({ min: 130, max: 370 }),
        fc.constantFrom(...ZONES),
        fc.constantFrom('areaId', 'locationId'),
      )
      .map(([end, days, tz, filter]) => {
        const to = end - (end % 1000);
        return { from: new Date(to - days * DAY), to: new Date(to), tz, filter };
      });
    await fc.assert(
      fc.asyncProperty(
        fc.array(reading, { minLength: 1, maxLength: 200 }),
        fc.array(fc.oneof(window, year), { minLength: 3, maxLength: 3 }),
        async (readings, windows) => {
          await replaceReadings(t, estate, readings);
          const area = estate.areas[0] as Estate['areas'][number];
          for (const w of windows) {
            const place = w.filter === 'areaId' ? area.id : area.locationId;
            const query = `fromValue=${encodeURIComponent(formatWireTime(w.from))}&toValue=${encodeURIComponent(formatWireTime(w.to))}&tz=${w.tz}&${w.filter}=${place}`;
            const res = await t.call('GET', `/api/graph?${query}`, { token: t.adminToken });
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            const { bucket } = planBuckets(w, w.tz);
            expect([60_000, DAY]).toContain(bucket.ms);
            const pods = estate.pods
              .filter((p) => (w.filter === 'areaId' ? p.areaId === area.id : p.locationId === area.locationId))
              .map((p) => p.id);
            expect(res.body.data, query).toEqual(await oracle(w.from, w.to, w.tz, bucket.ms, pods));
          }
        },
      ),
      { numRuns: 8 },
    );
  });

  it("a chart ending now reads its last minute as that minute's row minus the readings stamped after now", async () => {
    // Pods' clocks run a little ahead: readings after now are stored, and the minute's row holds them.
    const area = estate.areas[0] as Estate['areas'][number];
    const pods = estate.pods.filter((p) => p.locationId === area.locationId);
    const now = END - 47_000 - 200; // 47.2 s before a whole minute; the live window starts 12.8 s into one
    const readings = pods.flatMap((p, i) =>
      Array.from({ length: 240 }, (_, j) => ({
        podId: p.id,
        sensorType: j % 2 ? 'TEMPERATURE' : 'WATER_FLOW',
        value: 1000 * i + j,
        created: new Date(now - 35 * 60_000 + j * 9_500 + i * 700), // to 2 min after now
      })),
    );
    await replaceReadings(t, estate, readings);
    for (const minutes of [30, 10]) {
      const window = { from: new Date(now - minutes * 60_000), to: new Date(now) };
      const chart = planBuckets(window, 'UTC');
      const means = await meansByBucket(
        t.db,
        chartPods({ all: true }, { locationId: area.locationId }),
        window,
        chart,
        new Date(now),
      );
      const got: Series = {};
      for (const m of means)
        got[m.sensorType] = [...(got[m.sensorType] ?? []), [m.avg, formatWireTime(chart.edges[m.bucket - 1] as Date)]];
      const expected = await oracle(
        window.from,
        window.to,
        'UTC',
        chart.bucket.ms,
        pods.map((p) => p.id),
      );
      expect(expected.TEMPERATURE?.length).toBe(minutes + 1); // a clipped minute at each end
      expect(got).toEqual(expected);
    }
  });

  it('a year of hourly readings stays within 500 points, one per local day', async () => {
    const pod = estate.pods[0] as Estate['pods'][number];
    const readings = Array.from({ length: 365 * 2 }, (_, i) => ({
      podId: pod.id,
      sensorType: 'ELECTRICITY',
      value: i % 7,
      created: new Date(Date.UTC(2025, 10, 1) + i * 12 * HOUR),
    }));
    await replaceReadings(t, estate, readings);
    const res = await t.call('GET', '/api/graph?fromValue=2025-11-01&toValue=2026-10-31&tz=Europe/London', {
      token: t.adminToken,
    });
    expect(res.status).toBe(200);
    const series = (res.body.data as Series).ELECTRICITY ?? [];
    expect(series.length).toBeLessThanOrEqual(MAX_POINTS);
    expect(series.length).toBe(365);
    expect(series.find(([, label]) => label.startsWith('2026-03-29'))?.[1]).toBe('2026-03-29 00:00:00');
    expect(series.some(([, label]) => label === '2026-03-30 00:00:00')).toBe(false);
    expect(series.some(([, label]) => label === '2026-03-29 23:00:00')).toBe(true);
  });

  it("a location seen through one of its areas charts that area's pods only, on every source of readings", async () => {
    // The location's rows hold every pod of it: a caller who sees part of it must get its pods' own rows.
    const area = estate.areas[0] as Estate['areas'][number];
    const role = await t.call('POST', '/api/role', {
      token: t.adminToken,
      body: { title: `Viewer of area ${area.id}`, description: 'One area', accessLevel: 10 },
    });
    const roleId = (role.body.data as { id: number }).id;
    await create(t, getResource('role-area') as Resource, {
      ...estate.ctx,
      role: roleId,
      location: area.locationId,
      area: area.id,
    });
    const viewer = await createUser(t, roleId);
    const readings = estate.pods.flatMap((p, i) =>
      Array.from({ length: 40 }, (_, j) => ({
        podId: p.id,
        sensorType: 'TEMPERATURE',
        value: 100 * (i + 1) + j,
        created: new Date(END - j * 7 * HOUR - i * 60_000),
      })),
    );
    await replaceReadings(t, estate, readings);
    const seen = estate.pods.filter((p) => p.areaId === area.id).map((p) => p.id);
    await expectChartsOf(`locationId=${area.locationId}`, viewer.token, seen, 0);
  });

  it("a client's chart reads that client's locations only, on every source of readings", async () => {
    // Every location of the other client is whole to an administrator too: its rows must stay out.
    const other = await buildEstate(t, 1);
    const clientId = estate.ctx.client as number;
    const readings = [...estate.pods, ...other.pods].flatMap((p, i) =>
      Array.from({ length: 40 }, (_, j) => ({
        podId: p.id,
        sensorType: 'TEMPERATURE',
        value: 100 * (i + 1) + j,
        created: new Date(END - j * 7 * HOUR - i * 60_000 - (j % 3) * 20_000),
      })),
    );
    await replaceReadings(t, estate, readings);
    const mine = estate.pods.map((p) => p.id);
    await expectChartsOf(`clientId=${clientId}`, t.adminToken, mine, 17_000);
  });

  it('answers live windows, 400 to bad input and 404 to an unknown pod', async () => {
    const pod = estate.pods[0] as Estate['pods'][number];
    await replaceReadings(t, estate, [
      { podId: pod.id, sensorType: 'MOTION', value: 1, created: new Date(Date.now() - 60_000) },
    ]);
    const live = await t.call('GET', `/api/graph?minutes=10&podId=${pod.id}&areaId=${pod.areaId}`, {
      token: t.adminToken,
    });
    expect(live.status).toBe(200);
    expect((live.body.data as Series).MOTION).toHaveLength(1);
    expect((await t.call('GET', '/api/graph?minutes=5', { token: t.adminToken })).status).toBe(400);
    expect((await t.call('GET', '/api/graph?podId=-3', { token: t.adminToken })).status).toBe(400);
    expect((await t.call('GET', '/api/graph?mode=decade', { token: t.adminToken })).status).toBe(400);
    expect((await t.call('GET', '/api/graph?podId=999999', { token: t.adminToken })).status).toBe(404);
    expect(
      (await t.call('GET', `/api/graph?podId=${pod.id}&areaId=${estate.areas[1]?.id}`, { token: t.adminToken })).status,
    ).toBe(404);
  });
});
