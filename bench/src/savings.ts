/**
 * bench/savings: what the savings cost. (1) The pure baseline fit (fitBaseline: change-point search over a year of
 * daily records with weather and occupancy) for N pods, per pod and in all. (2) The SQL that reads the model's
 * inputs from the hourly rollups (readDayRecords: use, outdoor temperature, occupied hours per local day) for the
 * same N pods over the same days, on PGlite in memory; with DATABASE_URL (or --postgres: a throwaway cluster) also on
 * PostgreSQL. Prints the figures of this one run; asserts nothing about time.
 *   npm run bench:savings [-- --pods 1000 --days 365 --postgres --skip-pglite --database NAME]
 * --database adds the PostgreSQL estate to a database already on DATABASE_URL's server (the 100 M readings
 * bench:query loaded), keeping to its own client, and keeps the database.
 */
import { parseArgs } from 'node:util';
import {
  type Database,
  fitBaseline,
  migrate,
  openPglite,
  openPostgres,
  readDayRecords,
  seedBase,
} from '@greenpod/server/bench';
import { freePort } from '@greenpod/server/testing';
import { benchDatabase, existingDatabase } from './pg-cluster';

const { values: args } = parseArgs({
  options: {
    pods: { type: 'string', default: '1000' },
    days: { type: 'string', default: '365' },
    postgres: { type: 'boolean', default: false },
    database: { type: 'string' },
    'skip-pglite': { type: 'boolean', default: false },
  },
});
const PODS = Number(args.pods);
const DAYS = Number(args.days);
const FIRST = '2025-01-01';
const dateOf = (i: number) => new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10);
const LAST = dateOf(DAYS - 1);
const noise = (i: number, seed: number) => {
  const x = Math.sin((i + 1) * 12.9898 + seed * 78.233) * 43758.5453;
  return 2 * (x - Math.floor(x)) - 1;
};
const tempOf = (i: number) => 12 - 10 * Math.cos((2 * Math.PI * (i - 15)) / 365);
const ms = (t: number) => performance.now() - t;

// (1) The fit, in memory.
const records = (pod: number) =>
  Array.from({ length: DAYS }, (_, i) => {
    const t = tempOf(i);
    const occupied = i % 7 < 5 ? 10 : 2;
    return {
      date: dateOf(i),
      use: (50 + 4 * Math.max(0, 16 - t) + 2 * occupied) * (1 + 0.05 * noise(i, pod)),
      readings: 288,
      expectedReadings: 288,
      meanOutdoorC: t,
      occupiedHours: occupied,
    };
  });
const inputs = Array.from({ length: PODS }, (_, p) => records(p));
let started = performance.now();
const statuses = new Map<string, number>();
for (const days of inputs) {
  const card = fitBaseline(days, { first: FIRST, last: LAST });
  statuses.set(card.status, (statuses.get(card.status) ?? 0) + 1);
}
const fitMs = ms(started);
console.log(
  `fit: ${PODS} pods x ${DAYS} days in ${(fitMs / 1000).toFixed(2)} s, ${(fitMs / PODS).toFixed(2)} ms per pod (${[...statuses].map(([s, n]) => `${n} ${s}`).join(', ')})`,
);

// (2) The SQL inputs.
async function readBench(db: Database, label: string) {
  await migrate(db);
  await seedBase(db, { adminEmail: 'admin@bench.test', adminPassword: 'bench-password-1' });
  const id = async (sql: string, params: (string | number)[] = []) =>
    ((await db.query<{ id: number }>(sql, params))[0] as { id: number }).id;
  const group = await id(
    "INSERT INTO app_group (title, description, shortcode) VALUES ('B', 'b', 'savingsbench') RETURNING id",
  );
  const client = await id(
    "INSERT INTO client (group_id, title, description, shortcode) VALUES ($1, 'B', 'b', 'savingsbenc') RETURNING id",
    [group],
  );
  const location = await id(
    `INSERT INTO location (group_id, client_id, title, description, country, city, address, contact_name, contact_number, box_count)
     VALUES ($1, $2, 'L', 'd', 'UK', 'London', 'a', 'c', '1', 1) RETURNING id`,
    [group, client],
  );
  const area = await id(
    "INSERT INTO area (group_id, client_id, location_id, title, description) VALUES ($1, $2, $3, 'A', 'd') RETURNING id",
    [group, client, location],
  );
  await db.query(
    `INSERT INTO pod (group_id, client_id, location_id, area_id, identifier, title, description, voltage, outdoor)
     SELECT $1, $2, $3, $4, 'savings-' || i, 'P', 'd', 230, i = 0 FROM generate_series(0, $5::int) i`,
    [group, client, location, area, PODS],
  );
  const pods = await db.query<{ id: number; outdoor: boolean }>(
    'SELECT id, outdoor FROM pod WHERE client_id = $1 ORDER BY id',
    [client],
  );
  const from = `${FIRST}T00:00:00Z`;
  const to = `${LAST}T23:00:00Z`;
  let t = performance.now();
  // One statement per sensor type over every pod: the writing is set-up, not what is measured.
  await db.query(
    `INSERT INTO measurement_hourly (pod_id, sensor_type, bucket, count, sum, min, max)
     SELECT p.id, s.type, b, 12, 10 + random(), 0, CASE WHEN s.type = 'MOTION' THEN (random() < 0.4)::int ELSE 1 END
     FROM pod p CROSS JOIN (VALUES ('ELECTRICITY'), ('MOTION')) s(type)
       CROSS JOIN generate_series($1::timestamptz, $2::timestamptz, interval '1 hour') b
     WHERE NOT p.outdoor AND p.client_id = $3`,
    [from, to, client],
  );
  await db.query(
    `INSERT INTO measurement_hourly (pod_id, sensor_type, bucket, count, sum, min, max)
     SELECT p.id, 'TEMPERATURE', b, 12, 120 + random(), 0, 11
     FROM pod p CROSS JOIN generate_series($1::timestamptz, $2::timestamptz, interval '1 hour') b
     WHERE p.outdoor AND p.client_id = $3`,
    [from, to, client],
  );
  console.log(
    `${label}: wrote ${PODS} pods x ${DAYS} days of hourly rows (+ motion, outdoor temperature) in ${(ms(t) / 1000).toFixed(1)} s`,
  );
  const inputPods = pods
    .filter((p) => !p.outdoor)
    .map((p) => ({ id: p.id, areaId: area, locationId: location, factor: 0.23 }));
  const range = { sensorType: 'ELECTRICITY', first: FIRST, last: LAST, timeZone: 'Europe/London' };
  t = performance.now();
  const all = await readDayRecords(db, inputPods, range);
  const allMs = ms(t);
  t = performance.now();
  const sample = inputPods.slice(0, Math.min(50, inputPods.length));
  for (const p of sample) await readDayRecords(db, [p], range);
  const oneMs = ms(t) / sample.length;
  console.log(
    `${label}: inputs of ${all.size} pods x ${DAYS} days in one read ${(allMs / 1000).toFixed(2)} s (${(allMs / PODS).toFixed(2)} ms per pod); one pod at a time (as computing does) ${oneMs.toFixed(1)} ms per pod, so ${((oneMs * PODS) / 1000).toFixed(1)} s for ${PODS}`,
  );
  t = performance.now();
  for (const p of sample) fitBaseline(all.get(p.id) ?? [], { first: FIRST, last: LAST });
  console.log(`${label}: fit on the read inputs ${(ms(t) / sample.length).toFixed(2)} ms per pod`);
}

started = performance.now();
if (!args['skip-pglite']) {
  const pglite = await openPglite();
  await readBench(pglite, 'PGlite');
  await pglite.close();
}
if (process.env.DATABASE_URL || args.postgres) {
  const pg = args.database
    ? existingDatabase(args.database)
    : await benchDatabase('greenpod_bench_savings', await freePort());
  const db = await openPostgres(pg.url);
  await readBench(db, 'PostgreSQL');
  await db.close();
  await pg.drop();
}
console.log(`bench:savings ran in ${(ms(started) / 1000).toFixed(0)} s`);
