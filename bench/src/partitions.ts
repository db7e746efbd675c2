/**
 * bench/partitions: what the weekly partitions of raw readings (ADR 0028) cost and save, measured in one run.
 * (1) Retention: dropping the oldest week as the maintenance pass does (dropRawBefore), against deleting the
 * same readings row by row as retention did before; both in a transaction rolled back, so the data stays.
 * (2) Reads by id (the admin screen's read, edit and delete): one reading by id alone, which probes every
 * week, against by id and time (one week); and a hand edit's rollup work (removeReadingFromRollups then
 * addReadingToRollups, rolled back). (3) The admin list's first page over all readings, newest first, and
 * its total (from the rollups).
 *   npm run bench:partitions [-- --database partition_100m --samples 200]
 * With --database: that database on DATABASE_URL's server (bench:query --keep loaded it). Without: PGlite in
 * memory with --readings readings over a few weeks (the smoke's size). Timings are printed, never asserted.
 */
import { parseArgs } from 'node:util';
import {
  addReadingToRollups,
  type Database,
  dropRawBefore,
  makeWeeks,
  measurementRollupTotal,
  migrate,
  openPglite,
  openPostgres,
  POD_ROLLUPS,
  type Queryable,
  RAW_LOCATION_ROLLUPS,
  removeReadingFromRollups,
  weekPartitions,
} from '@greenpod/server/bench';
import { existingDatabase } from './pg-cluster';

const { values: args } = parseArgs({
  options: {
    database: { type: 'string' },
    readings: { type: 'string', default: '20000' },
    samples: { type: 'string', default: '200' },
  },
});
const SAMPLES = Math.max(3, Number(args.samples));

/** Rolls back whatever `fn` did, and answers how long it took. */
async function rolledBack(db: Database, fn: (tx: Queryable) => Promise<unknown>): Promise<number> {
  let ms = 0;
  const undo = new Error('roll back');
  await db
    .transaction(async (tx) => {
      const t = performance.now();
      await fn(tx);
      ms = performance.now() - t;
      throw undo;
    })
    .catch((err) => {
      if (err !== undo) throw err;
    });
  return ms;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.ceil(p * xs.length) - 1] as number;
const f = (x: number) => (x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0));
async function timed(n: number, fn: (i: number) => Promise<unknown>) {
  await fn(0);
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    ms.push(performance.now() - t);
  }
  return { p50: pct(ms, 0.5), p95: pct(ms, 0.95) };
}

/** The smoke's estate: one pod of one sensor, readings every few minutes over the four weeks before now. */
async function tinyEstate(db: Database, readings: number) {
  await migrate(db);
  const one = async (sql: string) => ((await db.query<{ id: number }>(sql))[0] as { id: number }).id;
  await db.query("INSERT INTO sensor (title, type, description) VALUES ('T', 'TEMPERATURE', 'd')");
  const group = await one(
    "INSERT INTO app_group (title, description, shortcode) VALUES ('B', 'b', 'partbench01') RETURNING id",
  );
  const client = await one(
    `INSERT INTO client (group_id, title, description, shortcode) VALUES (${group}, 'B', 'b', 'partbench02') RETURNING id`,
  );
  const location = await one(
    `INSERT INTO location (group_id, client_id, title, description, country, city, address, contact_name, contact_number, box_count)
     VALUES (${group}, ${client}, 'L', 'd', 'UK', 'London', 'a', 'c', '1', 1) RETURNING id`,
  );
  const area = await one(
    `INSERT INTO area (group_id, client_id, location_id, title, description) VALUES (${group}, ${client}, ${location}, 'A', 'd') RETURNING id`,
  );
  const pod = await one(
    `INSERT INTO pod (group_id, client_id, location_id, area_id, identifier, title, description, voltage)
     VALUES (${group}, ${client}, ${location}, ${area}, 'p', 'p', 'd', 230) RETURNING id`,
  );
  const from = new Date(Date.now() - 28 * 86_400_000);
  await makeWeeks(db, from, new Date());
  await db.query(
    `INSERT INTO measurement (pod_id, sensor_id, sensor_type, value, created)
     SELECT $1, (SELECT id FROM sensor), 'TEMPERATURE', i % 40, $2::timestamptz + i * ($3::bigint * interval '1 millisecond')
     FROM generate_series(0, $4::int - 1) i`,
    [pod, from, Math.floor((28 * 86_400_000) / readings), readings],
  );
  for (const level of POD_ROLLUPS)
    await db.query(
      `INSERT INTO ${level.table} (pod_id, sensor_type, bucket, count, sum, min, max)
       SELECT pod_id, sensor_type, ${level.bucket('created')}, count(*), sum(value), min(value), max(value) FROM measurement GROUP BY 1, 2, 3`,
    );
  await db.query('ANALYZE');
}

let db: Database;
if (args.database) db = await openPostgres(existingDatabase(args.database).url);
else {
  db = await openPglite();
  await tinyEstate(db, Number(args.readings));
}
const [info] = await db.query<{ n: number; version: string }>(
  'SELECT (SELECT count(*) FROM pg_inherits WHERE inhparent = $1::regclass)::int AS n, version()',
  ['measurement'],
);
console.log(`bench/partitions ${new Date().toISOString()}: ${info?.n} partitions, ${info?.version.split(' on ')[0]}`);

// (1) Retention.
const [oldest] = await weekPartitions(db);
if (!oldest) throw new Error('no week partition: load readings first');
const [week] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${oldest.name}"`);
// The location levels built from raw readings go with them, as dropRawBefore drops them.
const fine = RAW_LOCATION_ROLLUPS.map((l, i) => `fine_${i} AS (DELETE FROM ${l.table} WHERE bucket < $1)`);
const deleteMs = await rolledBack(db, (tx) =>
  tx.query(
    `WITH gone AS (DELETE FROM measurement WHERE created < $1 RETURNING 1), ${fine.join(', ')}
     SELECT count(*)::int AS n FROM gone`,
    [oldest.upper],
  ),
);
const dropMs = await rolledBack(db, (tx) => dropRawBefore(tx, oldest.upper));
console.log(
  `retention of ${oldest.name} (${week?.n.toLocaleString('en')} readings): rows deleted ${f(deleteMs)} ms, week dropped ${f(dropMs)} ms: ${(deleteMs / dropMs).toFixed(0)}x`,
);

// (2) Reads by id: readings spread over every week.
const sample: { id: number; created: Date }[] = [];
for (const p of await weekPartitions(db))
  sample.push(...(await db.query<{ id: number; created: Date }>(`SELECT id, created FROM "${p.name}" LIMIT 1`)));
const pick = (i: number) => sample[i % sample.length] as { id: number; created: Date };
const byId = await timed(SAMPLES, (i) => db.query('SELECT * FROM measurement WHERE id = $1', [pick(i).id]));
const byIdTime = await timed(SAMPLES, (i) =>
  db.query('SELECT * FROM measurement WHERE id = $1 AND created = $2', [pick(i).id, pick(i).created]),
);
console.log(
  `read by id (${sample.length} readings, one per week): p50 ${f(byId.p50)} ms, p95 ${f(byId.p95)} ms; by id and time p50 ${f(byIdTime.p50)} ms, p95 ${f(byIdTime.p95)} ms: ${(byId.p50 / byIdTime.p50).toFixed(1)}x`,
);
const edits: number[] = [];
for (let i = 0; i < Math.min(SAMPLES, 40); i++)
  edits.push(
    await rolledBack(db, async (tx) => {
      await removeReadingFromRollups(tx, pick(i).id);
      await addReadingToRollups(tx, pick(i).id);
    }),
  );
console.log(`a hand edit's rollup work (rolled back): p50 ${f(pct(edits, 0.5))} ms, p95 ${f(pct(edits, 0.95))} ms`);

// (3) The admin list's first page.
const page = await timed(Math.min(SAMPLES, 50), () =>
  db.query('SELECT id, pod_id, value, created FROM measurement ORDER BY created DESC, id DESC LIMIT 25'),
);
console.log(`admin list, first page of all readings (newest first): p50 ${f(page.p50)} ms, p95 ${f(page.p95)} ms`);
// Its total, read from the rollups after each pod's oldest raw reading (crud/measurement-total.ts).
const total = await timed(Math.min(SAMPLES, 10), () =>
  measurementRollupTotal(db, { paging: 25, offset: 1 }, {}, { countLimit: 10_000 }),
);
const [answer] = [await measurementRollupTotal(db, { paging: 25, offset: 1 }, {}, { countLimit: 10_000 })];
console.log(
  `admin list total (${answer?.total.toLocaleString('en')} readings): p50 ${f(total.p50)} ms, p95 ${f(total.p95)} ms`,
);
await db.close();
