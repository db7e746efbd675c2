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

/** Sensor readings per 5 minutes: three rooms of eight kinds and an outdoor pod of one. */
const KINDS = 3 * 8 + 1;

const one = async (sql: string, params: (string | number)[] = []) => (await db.query<{ n: number }>(sql, params))[0]?.n;

beforeAll(async () => {
  db = await openTestDatabase();
  await seedBase(db, { adminEmail: 'admin@greenpod.test', adminPassword: 'admin-password-1' });
  // A small estate: 10 days, the last 2 raw, Dubai's 3 rooms and its outdoor pod. The full one is
  // measured at start-up instead; demo-savings.test.ts seeds a year of two locations.
  ({ pods } = await seedDemoEstate(db, { podsFile, historyDays: 10, rawDays: 2, maxPods: 4, now }));
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
    expect(await one('SELECT count(*)::int AS n FROM area')).toBe(12 + 6);
    expect(await one("SELECT count(*)::int AS n FROM area WHERE title = 'Outdoor'")).toBe(6);
    expect(await one('SELECT count(*)::int AS n FROM pod')).toBe(4);
    expect(await one('SELECT count(*)::int AS n FROM pod_sensor')).toBe(KINDS);
    expect(await one('SELECT count(*)::int AS n FROM rule')).toBeGreaterThan(0);
    expect(await one('SELECT count(*)::int AS n FROM tariff WHERE value > 0')).toBe(3 * 2);
  });

  it('gives the location an outdoor pod with a temperature sensor only, and no rule, alert or tariff', async () => {
    const [outdoor] = await db.query<{ id: number; title: string; area: string; kinds: string[] }>(
      `SELECT p.id, p.title, a.title AS area, array_agg(s.type) AS kinds
       FROM pod p JOIN area a ON a.id = p.area_id JOIN pod_sensor ps ON ps.pod_id = p.id JOIN sensor s ON s.id = ps.sensor_id
       WHERE p.outdoor GROUP BY 1, 2, 3`,
    );
    expect(outdoor).toMatchObject({ title: 'Outdoor — Dubai', area: 'Outdoor', kinds: ['TEMPERATURE'] });
    expect(pods.find((p) => p.outdoor)?.identifier).toBe('aurora-dxb-outdoor');
    const id = outdoor?.id ?? 0;
    expect(await one('SELECT count(*)::int AS n FROM rule WHERE pod_id = $1', [id])).toBe(0);
    expect(await one('SELECT count(*)::int AS n FROM alert WHERE pod_id = $1', [id])).toBe(0);
    expect(await one('SELECT count(*)::int AS n FROM tariff WHERE pod_id = $1', [id])).toBe(0);
    expect(await one('SELECT count(DISTINCT sensor_type)::int AS n FROM measurement WHERE pod_id = $1', [id])).toBe(1);
    // Dubai in June: a warm day outdoors, against rooms held near 21.5 °C.
    expect(
      await one(
        "SELECT avg(value)::float8 AS n FROM measurement WHERE pod_id = $1 AND created >= '2025-06-10' AND created < '2025-06-11'",
        [id],
      ),
    ).toBeGreaterThan(30);
  });

  it('sets the baseline periods relative to the seed day, electricity monthly and water weekly, and each client’s standing charge and grid factor', async () => {
    const tariffs = await db.query<{ type: string; sensor_type: string; from: string; to: string }>(
      `SELECT DISTINCT type, sensor_type, baseline_from::text AS from, baseline_to::text AS to FROM tariff ORDER BY 2`,
    );
    // The LED retrofit on 2025-03-01 (three months back), the baseline the eight months before it.
    expect(tariffs).toEqual([
      { type: 'MONTHLY', sensor_type: 'ELECTRICITY', from: '2024-07-01', to: '2025-02-28' },
      { type: 'WEEKLY', sensor_type: 'WATER_FLOW', from: '2024-07-01', to: '2025-02-28' },
    ]);
    const config = await db.query<{ standing_charge: number; grid_factor: number }>(
      'SELECT standing_charge, grid_factor FROM configuration ORDER BY id',
    );
    expect(config).toEqual([
      { standing_charge: 2.5, grid_factor: 0.32 },
      { standing_charge: 0.6, grid_factor: 0.31 },
    ]);
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
    expect(await one('SELECT count(*)::int AS n FROM measurement')).toBe(KINDS * (Math.floor(steps) + 1));
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
      KINDS * 8 * 24,
    );
    expect(
      await one('SELECT count(*)::int AS n FROM measurement_hourly WHERE bucket < $1 AND count <> 12', [rawStart]),
    ).toBe(0);
    expect(await one('SELECT count(*)::int AS n FROM measurement_daily')).toBe(KINDS * 11);
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
    expect(await one('SELECT count(*)::int AS n FROM pod')).toBe(4);
    expect(await one('SELECT count(*)::int AS n FROM measurement_hourly')).toBe(before);
  });
});
