import { getResource, type ScoreAnswer } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Card } from '../dashboard/cards';
import { type Estate, locationViewer } from '../test/estate-fixture';
import { type Context, create, ensure } from '../test/factory';
import { createTestApp, type TestApp } from '../test/test-app';
import { computeScores, scoreWindow } from './score-compute';
import { runScheduledScores } from './score-scheduler';

// docs/domain.md#green-score: a known set-up, written straight into the hourly rollups and the saving table.
let t: TestApp;
const NOW = new Date();
const { from } = scoreWindow(NOW);
const HOURS = 721; // the window and the hour after it: a test that crosses an hour boundary sees the same figures
const ids = {} as Record<'london' | 'dubai' | 'areaA' | 'areaB' | 'areaC' | 'p1' | 'p2' | 'p3' | 'p4', number>;
let client: Context;
let other: Context;

async function podWith(ctx: Context, types: string[], outdoor = false) {
  const id = await create(t, getResource('pod'), ctx, { outdoor });
  const sensors = await t.db.query<{ id: number }>('SELECT id FROM sensor WHERE type = ANY($1::text[])', [types]);
  for (const s of sensors) await t.db.query('INSERT INTO pod_sensor (pod_id, sensor_id) VALUES ($1, $2)', [id, s.id]);
  return id;
}

/** One hourly row per hour from the window's start: `mean` and `max` are SQL of `h` (UTC hour) and `i` (hour index). */
async function hourly(podId: number, sensorType: string, mean: string, max = mean, hours = HOURS) {
  await t.db.query(
    `INSERT INTO measurement_hourly (pod_id, sensor_type, bucket, count, sum, min, max)
     SELECT $1, $2, b, 12, 12 * (${mean}), (${mean}), (${max})
     FROM (SELECT $3::timestamptz + i * interval '1 hour' AS b, i FROM generate_series(0, $4 - 1) i) s,
          LATERAL (SELECT extract(hour FROM b AT TIME ZONE 'UTC')::int AS h) x`,
    [podId, sensorType, from, hours],
  );
}

async function saving(
  podId: number,
  type: string,
  start: number,
  days: number,
  expected: number,
  avoided: number,
  status = 'claimed',
) {
  const day = (n: number) => new Date(from.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  await t.db.query(
    `INSERT INTO saving (group_id, client_id, pod_id, sensor_type, type, time_range, period_start, period_end,
                         expected, actual, avoided, unit, currency, value_percentage, method, status)
     SELECT p.group_id, p.client_id, p.id, 'ELECTRICITY', $2, 'test', $3::date, $4::date, $5::float8,
            $5::float8 - $6::float8, $6::float8, 'kWh', 'EUR', $6::float8 / $5::float8 * 100, 'model', $7
     FROM pod p WHERE p.id = $1`,
    [podId, type, day(start), day(start + days - 1), expected, avoided, status],
  );
}

const score = async (query: string, token = t.adminToken) => {
  const res = await t.call('GET', `/api/score?${query}`, { token });
  return { status: res.status, body: res.body, data: res.body.data as ScoreAnswer };
};

beforeAll(async () => {
  t = await createTestApp();
  client = {};
  await ensure(t, 'client', client);
  const london = { ...client };
  ids.london = await create(t, getResource('location'), london, { country: 'UK', city: 'London' });
  london.location = ids.london;
  const dubai = { ...client };
  ids.dubai = await create(t, getResource('location'), dubai, { country: 'UAE', city: 'Dubai' });
  dubai.location = ids.dubai;
  const a = { ...london };
  ids.areaA = await ensure(t, 'area', a);
  const c = { ...london };
  ids.areaC = await ensure(t, 'area', c);
  const b = { ...dubai };
  ids.areaB = await ensure(t, 'area', b);

  // Area A: motion from 09:00 to 17:00 UTC (8 of 24 hours occupied); 1 occupied hour in 10 too warm (90 %);
  // 10 units of electricity an occupied hour, 1 an empty one (480 / 2,880 = 16.7 % in empty hours).
  ids.p1 = await podWith(a, ['MOTION', 'TEMPERATURE', 'HUMIDITY', 'ELECTRICITY']);
  await hourly(
    ids.p1,
    'MOTION',
    'CASE WHEN h BETWEEN 9 AND 16 THEN 0.2 ELSE 0 END',
    'CASE WHEN h BETWEEN 9 AND 16 THEN 1 ELSE 0 END',
  );
  await hourly(ids.p1, 'TEMPERATURE', 'CASE WHEN h = 9 AND i / 24 < 24 THEN 28 ELSE 22 END');
  await hourly(ids.p1, 'HUMIDITY', '45');
  await hourly(ids.p1, 'ELECTRICITY', 'CASE WHEN h BETWEEN 9 AND 16 THEN 10 ELSE 1 END / 12.0');
  // Claimed daily savings of 12 %; a weekly row (the same days, coarser) and an unclaimed one are left out.
  await saving(ids.p1, 'DAILY', 2, 10, 10, 1.2);
  await saving(ids.p1, 'WEEKLY', 2, 7, 70, 50);
  await saving(ids.p1, 'DAILY', 12, 1, 10, 9, 'not-significant');
  // An outdoor pod in area A, at 40 °C: out of the score.
  ids.p3 = await podWith(a, ['TEMPERATURE'], true);
  await hourly(ids.p3, 'TEMPERATURE', '40');
  // Area C: a temperature pod with readings over 72 % of the hours only.
  ids.p4 = await podWith(c, ['TEMPERATURE']);
  await hourly(ids.p4, 'TEMPERATURE', '22', '22', 519);
  // Area B (Dubai, no motion sensor): 07:00-22:00 Dubai time (03:00-18:00 UTC) counts as occupied.
  ids.p2 = await podWith(b, ['TEMPERATURE', 'ELECTRICITY']);
  await hourly(ids.p2, 'TEMPERATURE', '22');
  await hourly(ids.p2, 'ELECTRICITY', '1 / 12.0');

  // The daily rollups, as the measurement writer keeps them beside the hourly ones.
  await t.db.query(
    `INSERT INTO measurement_daily (pod_id, sensor_type, bucket, count, sum, min, max)
     SELECT pod_id, sensor_type, date_bin('1 day', bucket, '2000-01-01 00:00:00+00'), sum(count), sum(sum), min(min), max(max)
     FROM measurement_hourly GROUP BY 1, 2, 3`,
  );

  // Another client's location.
  other = {};
  await ensure(t, 'location', other);
});
afterAll(() => t?.close());

describe('GET /api/score', () => {
  it('computes and stores a scope without a stored row, then answers from the row', async () => {
    expect(await t.db.query('SELECT 1 FROM green_score')).toEqual([]);
    const first = await score(`areaId=${ids.areaA}`);
    expect(first.status).toBe(200);
    expect(first.data.stars).toBe(3);
    const stored = await t.db.query('SELECT level, id FROM green_score');
    expect(stored).toEqual([{ level: 'area', id: ids.areaA }]);
    expect((await score(`areaId=${ids.areaA}`)).data.computed).toBe(first.data.computed);
  });

  it('rates a known area: energy 12 % (2), comfort 90 % (4), waste 16.7 % (4) -> 3 stars', async () => {
    await computeScores(t.db, { now: NOW });
    const { data } = await score(`areaId=${ids.areaA}`);
    expect(data).toMatchObject({ stars: 3, reason: null, completeness: 1 });
    expect(data.parts.map((p) => [p.part, p.stars, p.value, p.note])).toEqual([
      ['energy', 2, 12, null],
      ['comfort', 4, 90, null],
      ['waste', 4, 16.7, null],
    ]);
    expect(data.parts[0]?.next).toBe('Save 3 % more than the baseline: 15 % earns 3 stars (now 12 %)');
    expect(data.parts[1]?.next).toBe('Keep 95 % of occupied hours within 20-26 °C, 30-60 % RH and IAQ 100 (now 90 %)');
    expect(data.parts[2]?.next).toBe('Use at most 10 % of electricity in empty hours (now 16.7 %)');
    expect(data.parts[1]?.tipTags).toEqual(['TEMPERATURE', 'HUMIDITY', 'AIR_QUALITY']);
    // The pod alone is the same; its outdoor neighbour has no score.
    expect((await score(`podId=${ids.p1}`)).data.stars).toBe(3);
    expect((await score(`podId=${ids.p3}`)).data).toMatchObject({
      stars: null,
      reason: 'Outdoor pod: measures the weather',
      parts: [],
    });
  });

  it('counts 07:00-22:00 local time as occupied in an area without a motion sensor, and says so', async () => {
    const { data } = await score(`areaId=${ids.areaB}`);
    const note = 'No motion sensor: 07:00-22:00 (Asia/Dubai) counted as occupied';
    expect(data.parts.map((p) => [p.part, p.stars, p.value, p.note])).toEqual([
      ['comfort', 5, 100, note],
      ['waste', 2, 37.5, note],
    ]);
    expect(data.stars).toBe(4); // (5 + 2) / 2 = 3.5, rounded up
  });

  it('has no score under 90 % complete, and says why', async () => {
    const { data } = await score(`areaId=${ids.areaC}`);
    expect(data).toMatchObject({
      stars: null,
      reason: 'Readings cover 72 % of the last 30 days; at least 90 % are needed',
    });
    expect(data.completeness).toBeCloseTo(519 / 720, 6);
  });

  it('scores the location and the client over their indoor pods', async () => {
    const london = (await score(`locationId=${ids.london}`)).data;
    expect(london.stars).not.toBeNull();
    expect(london.completeness).toBeCloseTo((4 * 720 + 519) / (5 * 720), 6);
    expect(london.parts.find((p) => p.part === 'comfort')?.note).toBe(
      'No motion sensor in 1 of 2 areas: 07:00-22:00 (Europe/London) counted as occupied there',
    );
    expect((await score(`clientId=${client.client}`)).data.stars).toEqual(expect.any(Number));
    // Another client's location without pods: stored as no data.
    expect((await score(`locationId=${other.location}`)).data).toMatchObject({
      stars: null,
      reason: 'No savings, comfort or electricity data in the last 30 days',
    });
  });

  it('answers 400 unless exactly one place is given', async () => {
    for (const q of ['', `areaId=${ids.areaA}&podId=${ids.p1}`, 'clientId=abc']) {
      const res = await score(q);
      expect(res.status, q).toBe(400);
    }
    expect((await score('')).body.error).toBe('Give exactly one of clientId, locationId, areaId or podId');
  });

  it("answers 404 outside the caller's scope, as for a missing place", async () => {
    const viewer = await locationViewer(t, { ctx: client } as Estate, ids.london);
    expect((await score(`locationId=${ids.london}`, viewer.token)).status).toBe(200);
    expect((await score(`areaId=${ids.areaA}`, viewer.token)).status).toBe(200);
    expect((await score(`locationId=${other.location}`, viewer.token)).status).toBe(404);
    expect((await score(`locationId=${ids.dubai}`, viewer.token)).status).toBe(404);
    expect((await score(`podId=${ids.p2}`, viewer.token)).status).toBe(404);
    expect((await score('locationId=999999', viewer.token)).status).toBe(404);
    expect((await score(`clientId=${client.client}`, viewer.token)).status).toBe(200);
  });

  it('puts the stored score on the cards, an outdoor pod with its reason', async () => {
    await runScheduledScores(t.db, { now: NOW });
    const cards = async (q: object) => {
      const res = await t.call(
        'GET',
        `/api/stat-all?dataTableParams=${encodeURIComponent(JSON.stringify({ fetchParams: q }))}`,
        {
          token: t.adminToken,
        },
      );
      expect(res.status).toBe(200);
      return new Map((res.body.data as { results: Card[] }).results.map((c) => [c.id, c]));
    };
    const areas = await cards({ locationID: ids.london });
    expect(areas.get(ids.areaA)).toMatchObject({ score: 3, scoreReason: null });
    expect(areas.get(ids.areaC)).toMatchObject({
      score: null,
      scoreReason: 'Readings cover 72 % of the last 30 days; at least 90 % are needed',
    });
    const pods = await cards({ locationID: ids.london, areaID: ids.areaA });
    expect(pods.get(ids.p1)).toMatchObject({ score: 3, scoreReason: null });
    expect(pods.get(ids.p3)).toMatchObject({ score: null, scoreReason: 'Outdoor pod: measures the weather' });
    const locations = await cards({});
    expect(locations.get(ids.london)?.score).toEqual(expect.any(Number));
  });
});
