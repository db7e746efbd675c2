/**
 * bench/score: the green score (docs/domain.md#green-score) on one client of --pods pods (10 locations x 10
 * areas; fewer than 100: 1 x 2), 30 days of hourly rollups (temperature, humidity, air quality, electricity; motion in half the
 * areas) and a claimed daily saving per pod and day. Prints, measured in one run on PGlite and PostgreSQL:
 * computeScores' time for the whole client, and the p50/p95 of the dashboard's card reads (locations, the areas
 * of a location, the pods of an area) with no score stored and with every score stored.
 *   npm run bench:score [-- --pods 1000 --runs 30 --skip-postgres]
 * Timings are printed, never asserted.
 */
import { parseArgs } from 'node:util';
import {
  computeScores,
  type Database,
  listCards,
  migrate,
  openPglite,
  openPostgres,
  resolveWindow,
  seedBase,
} from '@greenpod/server/bench';
import { freePort } from '@greenpod/server/testing';
import { benchDatabase } from './pg-cluster';

const { values: args } = parseArgs({
  options: {
    pods: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '30' },
    'skip-pglite': { type: 'boolean', default: false },
    'skip-postgres': { type: 'boolean', default: false },
  },
});
const PODS = Math.max(2, Number(args.pods));
// 10 locations x 10 areas from 100 pods; a smoke run's handful sit in 1 location x 2 areas.
const LOCATIONS = PODS >= 100 ? 10 : 1;
const AREAS = PODS >= 100 ? 10 : 2;
const RUNS = Math.max(3, Number(args.runs));
const NOW = new Date('2025-12-31T14:37:13.000Z');
const SCOPE = { all: true } as const;

async function build(db: Database) {
  await migrate(db);
  await seedBase(db, { adminEmail: 'bench@greenpod.test', adminPassword: 'bench-password-1' });
  const perArea = Math.max(1, Math.round(PODS / (LOCATIONS * AREAS)));
  await db.query(`INSERT INTO app_group (title, description, shortcode) VALUES ('Bench', 'bench', 'benchgroup01')`);
  await db.query(
    `INSERT INTO client (group_id, title, description, shortcode) SELECT id, 'Bench client', 'bench', 'benchclient1' FROM app_group`,
  );
  await db.query(
    `INSERT INTO location (group_id, client_id, title, description, country, city, address, contact_name, contact_number, box_count)
     SELECT c.group_id, c.id, 'Location ' || lpad(i::text, 2, '0'), 'bench', 'UK',
            (ARRAY['Dubai', 'London', 'Athens', 'Abu Dhabi', 'Ras al-Khaimah', 'Porto'])[1 + i % 6], 'x', 'x', 'x', 0
     FROM client c, generate_series(1, ${LOCATIONS}) i`,
  );
  await db.query(
    `INSERT INTO area (group_id, client_id, location_id, title, description)
     SELECT l.group_id, l.client_id, l.id, 'Area ' || lpad(i::text, 2, '0'), 'bench' FROM location l, generate_series(1, ${AREAS}) i`,
  );
  await db.query(
    `INSERT INTO pod (group_id, client_id, location_id, area_id, identifier, title, description, voltage)
     SELECT a.group_id, a.client_id, a.location_id, a.id, 'bench-' || a.id || '-' || i, 'Pod ' || lpad(i::text, 3, '0'), 'bench', 230
     FROM area a, generate_series(1, ${perArea}) i`,
  );
  // Motion sensors in the areas with an even id; every pod carries the four others.
  await db.query(
    `INSERT INTO pod_sensor (pod_id, sensor_id)
     SELECT p.id, s.id FROM pod p JOIN sensor s
       ON s.type IN ('TEMPERATURE', 'HUMIDITY', 'AIR_QUALITY', 'ELECTRICITY') OR (s.type = 'MOTION' AND p.area_id % 2 = 0)`,
  );
  const from = new Date(Math.floor(NOW.getTime() / 3_600_000) * 3_600_000 - 721 * 3_600_000);
  // One statement per sensor type, so no single insert holds millions of rows in memory at once.
  for (const [type, mean, max] of [
    ['TEMPERATURE', '21 + (h % 7)', '28'],
    ['HUMIDITY', '40 + (h % 30)', '70'],
    ['AIR_QUALITY', '50 + (p.id % 80)', '150'],
    ['ELECTRICITY', 'CASE WHEN h BETWEEN 8 AND 18 THEN 1 ELSE 0.15 END', '2'],
    ['MOTION', 'CASE WHEN h BETWEEN 8 AND 18 THEN 0.4 ELSE 0 END', 'CASE WHEN h BETWEEN 8 AND 18 THEN 1 ELSE 0 END'],
  ] as const) {
    await db.query(
      `INSERT INTO measurement_hourly (pod_id, sensor_type, bucket, count, sum, min, max)
       SELECT p.id, $2, b, 12, 12 * (${mean}), 0, ${max}
       FROM pod p JOIN pod_sensor ps ON ps.pod_id = p.id JOIN sensor s ON s.id = ps.sensor_id AND s.type = $2,
            LATERAL (SELECT $1::timestamptz + i * interval '1 hour' AS b FROM generate_series(0, 721) i) g,
            LATERAL (SELECT extract(hour FROM g.b)::int AS h) x`,
      [from, type],
    );
  }
  await db.query(
    `INSERT INTO measurement_daily (pod_id, sensor_type, bucket, count, sum, min, max)
     SELECT pod_id, sensor_type, date_bin('1 day', bucket, '2000-01-01 00:00:00+00'), sum(count), sum(sum), min(min), max(max)
     FROM measurement_hourly GROUP BY 1, 2, 3`,
  );
  await db.query(
    `INSERT INTO saving (group_id, client_id, pod_id, sensor_type, type, time_range, period_start, period_end,
                         expected, actual, avoided, unit, currency, value_percentage, method, status)
     SELECT p.group_id, p.client_id, p.id, 'ELECTRICITY', 'DAILY', 'bench', d, d, 20, 20 - (p.id % 6), p.id % 6, 'kWh',
            'EUR', (p.id % 6) / 20.0 * 100, 'model', 'claimed'
     FROM pod p, generate_series($1::date, $2::date, interval '1 day') d`,
    [
      new Date(NOW.getTime() - 29 * 86_400_000).toISOString().slice(0, 10),
      new Date(NOW.getTime() - 86_400_000).toISOString().slice(0, 10),
    ],
  );
  await db.query('ANALYZE');
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

async function timeCards(db: Database) {
  const window = resolveWindow({ mode: 'day', minutes: 30, tz: 'UTC', now: NOW });
  const [loc] = await db.query<{ id: number }>('SELECT id FROM location ORDER BY id LIMIT 1');
  const [area] = await db.query<{ id: number }>('SELECT id FROM area ORDER BY id LIMIT 1');
  const filters = [{}, { locationId: loc?.id }, { locationId: loc?.id, areaId: area?.id }];
  const ms: number[] = [];
  let scored = 0;
  for (let r = 0; r < RUNS; r++) {
    for (const filter of filters) {
      const t = performance.now();
      const page = await listCards(db, SCOPE, { filter, window, skip: 0, limit: 5, direction: 'ASC', now: NOW });
      ms.push(performance.now() - t);
      scored += page.results.filter((c) => c.score !== null).length;
    }
  }
  return { p50: pct(ms, 50), p95: pct(ms, 95), scored };
}

async function bench(name: string, db: Database) {
  const t0 = performance.now();
  await build(db);
  console.log(
    `${name}: built ${PODS} pods x 30 days of hourly rollups in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const without = await timeCards(db);
  const computeMs: number[] = [];
  let rows = 0;
  for (let i = 0; i < 2; i++) {
    const t = performance.now();
    rows = await computeScores(db, { now: NOW });
    computeMs.push(performance.now() - t);
  }
  const withScores = await timeCards(db);
  const [dist] = await db.query<{ stars: string }>(
    `SELECT string_agg(coalesce(stars::text, 'null') || ':' || n, ' ') AS stars
     FROM (SELECT stars, count(*) AS n FROM green_score WHERE level = 'pod' GROUP BY 1 ORDER BY 1) x`,
  );
  return {
    name,
    rows,
    computeMs,
    without,
    withScores,
    dist: dist?.stars ?? '',
  };
}

const results = [];
if (!args['skip-pglite']) {
  const db = await openPglite();
  results.push(await bench('PGlite', db));
  await db.close();
}
if (!args['skip-postgres']) {
  const target = await benchDatabase('greenpod_bench_score', await freePort());
  const db = await openPostgres(target.url);
  try {
    results.push(await bench('PostgreSQL', db));
  } finally {
    await db.close();
    await target.drop();
  }
}
const f = (ms: number) => `${ms.toFixed(1)} ms`;
console.log(`\nbench/score: one client of ${PODS} pods, 30 days of hourly rollups, ${RUNS} runs of 3 card reads each`);
for (const r of results) {
  console.log(`
${r.name}
  computeScores (whole client, ${r.rows} rows stored): ${r.computeMs.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')}
  cards without stored scores: p50 ${f(r.without.p50)}, p95 ${f(r.without.p95)} (${r.without.scored} cards with a score)
  cards with stored scores:    p50 ${f(r.withScores.p50)}, p95 ${f(r.withScores.p95)} (${r.withScores.scored} cards with a score)
  pod stars (stars:count): ${r.dist}`);
}
process.exit(0);
