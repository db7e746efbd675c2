import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { thresholdProblem } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { PodDirectory } from '../telemetry/pod-directory';
import { openTestDatabase } from '../test/test-database';
import { seedBase } from './base-seed';
import { seedDemoEstate } from './demo-estate';
import { type DemoPod, readDemoPods } from './demo-pods-file';

let db: Database & { drop(): Promise<void> };
const podsFile = join(mkdtempSync(join(tmpdir(), 'greenpod-demo-')), 'demo-pods.json');
const now = new Date('2025-06-11T10:07:30Z');
const rawStart = '2025-06-09T00:00:00Z';
let pods: DemoPod[];

const one = async (sql: string, params: (string | number)[] = []) => (await db.query<{ n: number }>(sql, params))[0]?.n;

beforeAll(async () => {
  db = await openTestDatabase();
  await seedBase(db, { adminEmail: 'admin@greenpod.test', adminPassword: 'admin-password-1' });
  // A small estate: 10 days, the last 2 raw, 3 pods. The full one is measured at start-up instead.
  ({ pods } = await seedDemoEstate(db, { podsFile, historyDays: 10, rawDays: 2, maxPods: 3, now }));
});
afterAll(async () => {
  await db?.drop();
});

describe('demo estate', () => {
  it('creates one group, both clients with themes, every location and area, and the capped pods', async () => {
    expect(await one('SELECT count(*)::int AS n FROM app_group')).toBe(1);
    expect(await one('SELECT count(DISTINCT shortcode)::int AS n FROM client')).toBe(2);
    expect(await one('SELECT count(DISTINCT background_color)::int AS n FROM configuration')).toBe(2);
    expect(await one('SELECT count(*)::int AS n FROM location')).toBe(6);
    expect(await one('SELECT count(*)::int AS n FROM area')).toBeGreaterThanOrEqual(12);
    expect(await one('SELECT count(*)::int AS n FROM pod')).toBe(3);
    expect(await one('SELECT count(*)::int AS n FROM pod_sensor')).toBe(3 * 8);
    expect(await one('SELECT count(*)::int AS n FROM rule')).toBeGreaterThan(0);
    expect(await one("SELECT count(*)::int AS n FROM tariff WHERE type = 'DAILY' AND value > 0")).toBe(3 * 2);
  });

  it('writes each pod key to the file, and the key signs the pod in', async () => {
    expect(readDemoPods(podsFile).map((p) => p.identifier)).toEqual(pods.map((p) => p.identifier));
    expect(pods[0]?.identifier).toMatch(/^aurora-dxb-\d{3}$/);
    const directory = new PodDirectory(db);
    for (const pod of pods) expect(await directory.authenticate(pod.identifier, pod.key)).not.toBeNull();
    expect(await directory.authenticate(pods[0]?.identifier ?? '', 'wrong')).toBeNull();
  });

  it('seeds the recent days raw, every 5 minutes, with rollups that add up to them', async () => {
    const steps = (now.getTime() - Date.parse(rawStart)) / 300_000;
    expect(await one('SELECT count(*)::int AS n FROM measurement')).toBe(3 * 8 * (Math.floor(steps) + 1));
    expect(await one('SELECT sum(count)::int AS n FROM measurement_hourly WHERE bucket >= $1', [rawStart])).toBe(
      await one('SELECT count(*)::int AS n FROM measurement'),
    );
    const mismatched = `SELECT count(*)::int AS n FROM measurement_hourly h
      JOIN (SELECT pod_id, sensor_type, date_bin('1 hour', created, '2000-01-01 00:00:00+00') AS bucket, count(*) AS c, sum(value) AS s
            FROM measurement GROUP BY 1, 2, 3) r USING (pod_id, sensor_type, bucket)
      WHERE h.count <> r.c OR abs(h.sum - r.s) > 1e-6 * greatest(1, abs(r.s))`;
    expect(await one(mismatched)).toBe(0);
  });

  it('seeds older days as hourly rows of twelve readings, and daily rows as the sum of their hours', async () => {
    expect(await one('SELECT count(*)::int AS n FROM measurement_hourly WHERE bucket < $1', [rawStart])).toBe(
      3 * 8 * 8 * 24,
    );
    expect(
      await one('SELECT count(*)::int AS n FROM measurement_hourly WHERE bucket < $1 AND count <> 12', [rawStart]),
    ).toBe(0);
    expect(await one('SELECT count(*)::int AS n FROM measurement_daily')).toBe(3 * 8 * 11);
    const mismatched = `SELECT count(*)::int AS n FROM measurement_daily d
      JOIN (SELECT pod_id, sensor_type, date_bin('1 day', bucket, '2000-01-01 00:00:00+00') AS bucket,
                   sum(count) AS c, sum(sum) AS s, min(min) AS lo, max(max) AS hi
            FROM measurement_hourly GROUP BY 1, 2, 3) h USING (pod_id, sensor_type, bucket)
      WHERE d.count <> h.c OR abs(d.sum - h.s) > 1e-6 * greatest(1, abs(h.s)) OR d.min <> h.lo OR d.max <> h.hi`;
    expect(await one(mismatched)).toBe(0);
  });

  it('keeps monthly rows equal to the sums of their UTC month of daily rows, history and raw days alike', async () => {
    expect(await one('SELECT count(*)::int AS n FROM measurement_monthly')).toBeGreaterThan(0);
    const mismatched = `SELECT count(*)::int AS n FROM measurement_monthly m
      FULL JOIN (SELECT pod_id, sensor_type, date_trunc('month', bucket, 'UTC') AS bucket,
                        sum(count) AS c, sum(sum) AS s, min(min) AS lo, max(max) AS hi
                 FROM measurement_daily GROUP BY 1, 2, 3) d USING (pod_id, sensor_type, bucket)
      WHERE m.count IS DISTINCT FROM d.c OR NOT abs(m.sum - d.s) <= 1e-6 * greatest(1, abs(d.s)) OR m.min <> d.lo OR m.max <> d.hi`;
    expect(await one(mismatched)).toBe(0);
  });

  it('writes rules (around the API, in bulk) whose thresholds fit their sensor’s type, as the API requires', async () => {
    const rules = await db.query<{ type: string; threshold: number }>(
      'SELECT s.type, r.threshold_value AS threshold FROM rule r JOIN sensor s ON s.id = r.sensor_id',
    );
    expect(rules.length).toBeGreaterThan(0);
    for (const r of rules) expect(thresholdProblem(r.type, Number(r.threshold)), r.type).toBeNull();
  });

  it('does nothing on the next start', async () => {
    const before = await one('SELECT count(*)::int AS n FROM measurement_hourly');
    expect((await seedDemoEstate(db, { podsFile, now })).seeded).toBe(false);
    expect(await one('SELECT count(*)::int AS n FROM pod')).toBe(3);
    expect(await one('SELECT count(*)::int AS n FROM measurement_hourly')).toBe(before);
  });
});
