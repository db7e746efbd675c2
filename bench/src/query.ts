/**
 * bench/query: p50/p95 of the dashboard's stat-all and graph reads for live, day, week, month and
 * year windows, on PostgreSQL and PGlite, against the plain SQL over raw readings that gives the same
 * answer, measured in one run. Also checks that the rollup answers equal the raw ones.
 *   npm run bench:query [-- --pods 100 --sensors 8 --readings 10000000 --runs 20 --pglite-readings N --rebuild]
 * PostgreSQL: DATABASE_URL's server (a fresh database on it) or a throwaway cluster. PGlite: built
 * once in a folder under /tmp and reused while its scale matches (--rebuild forces a new one).
 * Timings are printed, never asserted.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { SENSOR_TYPES } from '@greenpod/contracts';
import {
  buildPlacesFromPods,
  chartPods,
  type Database,
  DERIVED_TABLES,
  listCards,
  makeWeeks,
  meansByBucket,
  migrate,
  openPglite,
  openPostgres,
  POD_ROLLUPS,
  planBuckets,
  resolveWindow,
  sumsByPod,
  type TimeWindow,
  type WindowMode,
} from '@greenpod/server/bench';
import { freePort } from '@greenpod/server/testing';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { benchDatabase } from './pg-cluster';
import { storagePerReading } from './storage';

const { values: args } = parseArgs({
  options: {
    pods: { type: 'string', default: '100' },
    /** How many of the eight sensor kinds each pod sends (dealt round-robin, so fewer than 8 still cover all kinds). */
    sensors: { type: 'string', default: '8' },
    readings: { type: 'string', default: '10000000' },
    'pglite-readings': { type: 'string' },
    runs: { type: 'string', default: '20' },
    /** Each timed case stops early (after at least 3 runs) once it has used this many seconds. */
    'case-seconds': { type: 'string', default: '15' },
    'pglite-dir': { type: 'string', default: '/tmp/greenpod-bench-query-pglite' },
    rebuild: { type: 'boolean', default: false },
    'skip-pglite': { type: 'boolean', default: false },
    'skip-postgres': { type: 'boolean', default: false },
    /** Leave the PostgreSQL database in place to explore (with DATABASE_URL; a throwaway cluster always goes). */
    keep: { type: 'boolean', default: false },
    /** With DATABASE_URL: reuse a database an earlier --keep run left at the same scale (migrations still run). */
    reuse: { type: 'boolean', default: false },
    /** Load (or find with --reuse) the PostgreSQL database and stop: with --keep, prepares later --reuse runs. */
    'load-only': { type: 'boolean', default: false },
    /** PostgreSQL databases are named after this, the pod count and the readings (one per scale). */
    database: { type: 'string', default: 'greenpod_bench_query' },
    /** Also measure PostgreSQL at this many pods (the same readings), to print how cost grows with pods. */
    'baseline-pods': { type: 'string' },
    /** With --baseline-pods: only that comparison (no raw SQL, no checks). */
    'baseline-only': { type: 'boolean', default: false },
  },
});
const PODS = Number(args.pods);
const SENSORS = Math.min(SENSOR_TYPES.length, Math.max(1, Number(args.sensors)));
const READINGS = Number(args.readings);
const PGLITE_READINGS = Number(args['pglite-readings'] ?? READINGS);
const RUNS = Number(args.runs);
const CASE_MS = Number(args['case-seconds']) * 1000;

const DAY = 86_400_000;
const YEAR = 365 * DAY;
/** The bench's "now": fixed, so every run reads the same windows; not on a whole hour, so edges are ragged. */
const NOW = new Date('2025-12-31T14:37:13.000Z');
const TZ = 'UTC';
const SCOPE = { all: true } as const;

/**
 * The layout of `total` readings: every pod sends its `sensors` kinds together, every `intervalMs`,
 * over the year before NOW; each pod's clock is offset, so pods do not report at the same instant.
 */
function layout(pods: number, total: number, sensors = SENSORS) {
  const series = pods * sensors;
  const perSeries = Math.max(1, Math.round(total / series));
  const intervalMs = Math.floor(YEAR / perSeries);
  return { pods, sensors, series, perSeries, intervalMs, rows: perSeries * series, start: NOW.getTime() - YEAR };
}
type Layout = ReturnType<typeof layout>;
/** The sensor kinds (indexes into SENSOR_TYPES) pod number `p` sends. */
const kindsOf = (l: Pick<Layout, 'sensors'>, p: number) =>
  Array.from({ length: l.sensors }, (_, k) => (p * l.sensors + k) % SENSOR_TYPES.length);

/** CSV rows (pod_id, sensor_id, sensor_type, value, created) in arrival (time) order, in ~64 KB strings. */
function* csv(l: Layout, podIds: number[], sensorIds: number[], fromStep = 0, toStep = l.perSeries) {
  let chunk = '';
  for (let i = fromStep; i < toStep; i++) {
    for (let p = 0; p < l.pods; p++) {
      const phase = (p * 7_919_000) % l.intervalMs;
      const created = new Date(l.start + i * l.intervalMs + phase).toISOString();
      for (const s of kindsOf(l, p)) {
        const value = ((p * 37 + s * 101 + i * 13) % 997) / 10 + s * 10;
        chunk += `${podIds[p]},${sensorIds[s]},${SENSOR_TYPES[s]},${value},${created}\n`;
      }
      if (chunk.length > 64_000) {
        yield chunk;
        chunk = '';
      }
    }
  }
  if (chunk) yield chunk;
}

/** 5 locations x 4 areas, the pods dealt round-robin: stat-all's first page (5 cards) covers them all. */
async function makeEstate(db: Pick<Database, 'query'>, l: Layout) {
  const pods = l.pods;
  const one = async (sql: string, params: (string | number)[]) =>
    ((await db.query<{ id: number }>(sql, params))[0] as { id: number }).id;
  for (const type of SENSOR_TYPES)
    await db.query('INSERT INTO sensor (title, type, description) VALUES ($1, $1, $1)', [type]);
  const group = await one(
    "INSERT INTO app_group (title, description, shortcode) VALUES ('Bench', 'bench', $1) RETURNING id",
    ['benchgroup01'],
  );
  const client = await one(
    "INSERT INTO client (group_id, title, description, shortcode) VALUES ($1, 'Bench', 'bench', $2) RETURNING id",
    [group, 'benchclient1'],
  );
  const areas: { id: number; location: number }[] = [];
  for (let l = 0; l < 5; l++) {
    const location = await one(
      `INSERT INTO location (group_id, client_id, title, description, country, city, address, contact_name, contact_number, box_count)
       VALUES ($1, $2, $3, 'd', 'UK', 'London', 'a', 'c', '1', 1) RETURNING id`,
      [group, client, `Location ${l}`],
    );
    for (let a = 0; a < 4; a++)
      areas.push({
        location,
        id: await one(
          "INSERT INTO area (group_id, client_id, location_id, title, description) VALUES ($1, $2, $3, $4, 'd') RETURNING id",
          [group, client, location, `Area ${l}.${a}`],
        ),
      });
  }
  const podIds: number[] = [];
  for (let p = 0; p < pods; p++) {
    const area = areas[p % areas.length] as { id: number; location: number };
    podIds.push(
      await one(
        "INSERT INTO pod (group_id, client_id, location_id, area_id, identifier, title, description, voltage) VALUES ($1, $2, $3, $4, $5, $5, 'd', $6) RETURNING id",
        [group, client, area.location, area.id, `bench-${p}`, p % 2 ? 120 : 230],
      ),
    );
  }
  const sensors = await db.query<{ id: number; type: string }>('SELECT id, type FROM sensor');
  const sensorIds = SENSOR_TYPES.map((t) => (sensors.find((s) => s.type === t) as { id: number }).id);
  for (const [p, pod] of podIds.entries())
    for (const s of kindsOf(l, p))
      await db.query('INSERT INTO pod_sensor (pod_id, sensor_id) VALUES ($1, $2)', [pod, sensorIds[s] as number]);
  return { podIds, sensorIds };
}

/**
 * The pod rollups as the ingest writer keeps them (measurement-writer.ts), built in one pass each and
 * stored in time order, as ingest appends them (a bucket's rows for all pods lie together); the place
 * rows and latest-reading bounds are then built from them (buildPlacesFromPods).
 */
const ROLLUPS = POD_ROLLUPS.map(
  (level) => `INSERT INTO ${level.table} (pod_id, sensor_type, bucket, count, sum, min, max)
    SELECT pod_id, sensor_type, ${level.bucket('created')}, count(*), sum(value), min(value), max(value)
    FROM measurement GROUP BY 1, 2, 3 ORDER BY 3, 1, 2`,
);
const VACUUM = `VACUUM ANALYZE measurement, ${DERIVED_TABLES.join(', ')}`;

/** The layout a loaded database holds, so --reuse can tell whether it matches. */
const layoutKey = (l: Layout) =>
  JSON.stringify({
    pods: l.pods,
    rows: l.rows,
    intervalMs: l.intervalMs,
    now: NOW.toISOString(),
    ...(l.sensors === SENSOR_TYPES.length ? {} : { sensors: l.sensors }),
  });

async function reusePostgres(l: Layout, name: string) {
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString()).catch(() => undefined);
  if (!db) return undefined;
  const [meta] = await db.query<{ layout: string }>('SELECT layout FROM bench_layout').catch(() => []);
  if (meta?.layout !== layoutKey(l)) {
    await db.close();
    return undefined;
  }
  // A new rollup level is built from the old ones by its migration; the planner needs its statistics.
  if ((await migrate(db)).length > 0) await db.query('VACUUM ANALYZE');
  const podIds = (await db.query<{ id: number }>('SELECT id FROM pod ORDER BY id')).map((r) => r.id);
  return { db, drop: async () => {}, podIds, copyMs: 0, rollupMs: 0 };
}

async function loadPostgres(l: Layout, name: string) {
  if (args.reuse && process.env.DATABASE_URL) {
    const reused = await reusePostgres(l, name);
    if (reused) return reused;
  }
  const pgdb = await benchDatabase(name, await freePort());
  const db = await openPostgres(pgdb.url);
  await migrate(db);
  const { podIds, sensorIds } = await makeEstate(db, l);
  // The weeks' partitions exist before the readings arrive, as the maintenance pass keeps them ahead (ADR 0028).
  const partitions = await makeWeeks(db, new Date(l.start), NOW);
  console.log(`PostgreSQL: ${partitions} weekly partitions made`);
  const client = new pg.Client({ connectionString: pgdb.url });
  await client.connect();
  const t0 = performance.now();
  await pipeline(
    Readable.from(csv(l, podIds, sensorIds)),
    client.query(copyFrom('COPY measurement (pod_id, sensor_id, sensor_type, value, created) FROM STDIN (FORMAT csv)')),
  );
  const copyMs = performance.now() - t0;
  console.log(
    `PostgreSQL: COPY ${(copyMs / 1000).toFixed(1)} s, ${Math.round(l.rows / (copyMs / 1000)).toLocaleString('en')} rows/s`,
  );
  await client.query("SET work_mem = '512MB'");
  for (const [i, sql] of ROLLUPS.entries()) {
    const t = performance.now();
    await client.query(sql);
    console.log(`PostgreSQL: rollup ${POD_ROLLUPS[i]?.table} ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  const places = performance.now();
  await buildPlacesFromPods(db, '2, 1');
  console.log(`PostgreSQL: place rollups and latest readings ${((performance.now() - places) / 1000).toFixed(1)} s`);
  await client.query(VACUUM);
  await client.query('CREATE TABLE bench_layout (layout text NOT NULL)');
  await client.query('INSERT INTO bench_layout VALUES ($1)', [layoutKey(l)]);
  await client.end();
  return { db, drop: pgdb.drop, podIds, copyMs, rollupMs: performance.now() - t0 - copyMs };
}

/** PGlite has no COPY FROM STDIN through our adapter, but 0.5 reads COPY ... FROM '/dev/blob' from the `blob` query option. */
async function loadPglite(l: Layout, dir: string) {
  const meta = `${dir}.json`;
  const want = layoutKey(l);
  let copyMs = 0;
  let rollupMs = 0;
  const reused = !args.rebuild && existsSync(meta) && readFileSync(meta, 'utf8') === want;
  if (!reused) {
    rmSync(dir, { recursive: true, force: true });
    rmSync(meta, { force: true });
    const db = await openPglite(dir);
    await migrate(db);
    const { podIds, sensorIds } = await makeEstate(db, l);
    await makeWeeks(db, new Date(l.start), NOW);
    await db.close();
    const lite = await PGlite.create(dir);
    const t0 = performance.now();
    const steps = Math.max(1, Math.floor(250_000 / l.series));
    for (let i = 0; i < l.perSeries; i += steps) {
      const blob = new Blob([...csv(l, podIds, sensorIds, i, Math.min(i + steps, l.perSeries))]);
      await lite.query(
        "COPY measurement (pod_id, sensor_id, sensor_type, value, created) FROM '/dev/blob' (FORMAT csv)",
        [],
        { blob },
      );
    }
    copyMs = performance.now() - t0;
    await lite.exec("SET work_mem = '512MB'");
    for (const sql of ROLLUPS) await lite.exec(sql);
    await lite.close();
    const built = await openPglite(dir);
    await buildPlacesFromPods(built, '2, 1');
    await built.query(VACUUM);
    await built.close();
    rollupMs = performance.now() - t0 - copyMs;
    writeFileSync(meta, want);
  }
  const db = await openPglite(dir);
  // A reused folder may predate the latest migrations (a new rollup level is built from the old ones).
  if (reused && (await migrate(db)).length > 0) await db.query('VACUUM ANALYZE');
  const podIds = (await db.query<{ id: number }>('SELECT id FROM pod ORDER BY id')).map((r) => r.id);
  return { db, podIds, copyMs, rollupMs, reused };
}

const WINDOWS: { name: string; mode: WindowMode }[] = [
  { name: 'live 30 min', mode: 'live' },
  { name: 'day', mode: 'day' },
  { name: 'week', mode: 'week' },
  { name: 'month', mode: 'month' },
  { name: 'year', mode: 'year' },
];
const windowOf = (mode: WindowMode): TimeWindow => resolveWindow({ mode, minutes: 30, tz: TZ, now: NOW });

/** What GET /api/stat-all does with the database: the root page of (5) location cards. */
const statAll = (db: Database, window: TimeWindow) =>
  listCards(db, SCOPE, { filter: {}, window, skip: 0, limit: 5, direction: 'ASC', now: NOW });

/** What GET /api/graph does with the database, every visible pod, series built as the route does. */
async function graph(db: Database, window: TimeWindow) {
  const chart = planBuckets(window, TZ);
  return meansByBucket(db, chartPods(SCOPE, {}), window, chart, NOW);
}

/** The plain raw-reading SQL for the same answers; time bounds are parameters here too. */
const rawStatAll = (db: Database, podIds: number[], w: TimeWindow) =>
  db.query<{ pod_id: number; sensor_type: string; avg: number }>(
    `SELECT pod_id, sensor_type, avg(value) AS avg FROM measurement
     WHERE pod_id = ANY($1::int[]) AND created >= $2::timestamptz AND created < $3::timestamptz GROUP BY 1, 2`,
    [podIds, w.from, w.to],
  );

/** The root page's figures from raw readings (untimed): per location and type the mean and the mean voltage of the pods with readings. */
async function rawCards(db: Database, w: TimeWindow): Promise<[string, number][]> {
  const rows = await db.query<{ card: number; sensor_type: string; avg: number; voltage: number }>(
    `SELECT card, sensor_type, sum(s) / sum(n) AS avg, avg(voltage)::float8 AS voltage FROM (
       SELECT p.location_id AS card, m.sensor_type, p.voltage, count(*) AS n, sum(m.value) AS s
       FROM measurement m JOIN pod p ON p.id = m.pod_id AND NOT p.outdoor
       WHERE m.created >= $1::timestamptz AND m.created < $2::timestamptz GROUP BY 1, 2, p.id, 3) x GROUP BY 1, 2`,
    [w.from, w.to],
  );
  return rows.flatMap((r): [string, number][] => [
    [`card ${r.card}/${r.sensor_type}`, r.avg],
    [`card ${r.card}/${r.sensor_type}/V`, r.voltage],
  ]);
}

async function rawGraph(db: Database, podIds: number[], w: TimeWindow) {
  const { bucket, edges } = planBuckets(w, TZ);
  // In UTC the inner edges are origin + k x width, so date_bin on the first inner edge is the same grid.
  const origin = edges.length > 2 ? (edges[1] as Date) : w.from;
  const rows = await db.query<{ sensor_type: string; b: Date; avg: number }>(
    `SELECT sensor_type, date_bin($4::interval, created, $5::timestamptz) AS b, avg(value) AS avg FROM measurement
     WHERE pod_id = ANY($1::int[]) AND created >= $2::timestamptz AND created < $3::timestamptz GROUP BY 1, 2 ORDER BY 1, 2`,
    [podIds, w.from, w.to, `${bucket.ms / 1000} seconds`, origin],
  );
  // Bucket i is [edges[i-1], edges[i]): the first one starts at `from`, which date_bin puts on the grid point before.
  return rows.map((r) => ({
    sensorType: r.sensor_type,
    bucket: Math.max(
      1,
      edges.findIndex((e) => e > r.b),
    ),
    avg: r.avg,
  }));
}

/** Max |rollup - raw| over every (key) both answer, and how many keys are missing from either side. */
function compare(a: Map<string, number>, b: Map<string, number>) {
  let maxDiff = 0;
  let missing = 0;
  for (const [k, v] of a) {
    const w = b.get(k);
    if (w === undefined) missing++;
    else maxDiff = Math.max(maxDiff, Math.abs(v - w));
  }
  for (const k of b.keys()) if (!a.has(k)) missing++;
  return { maxDiff, missing, keys: a.size };
}

interface Timing {
  p50: number;
  p95: number;
  n: number;
}
const pct = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] as number;

/** Two warm-up calls, then up to RUNS timed ones (at least 3, stopping early past CASE_MS). */
async function time(fn: () => Promise<unknown>): Promise<Timing> {
  await fn();
  await fn();
  const samples: number[] = [];
  const started = performance.now();
  while (samples.length < RUNS && (samples.length < 3 || performance.now() - started < CASE_MS)) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((x, y) => x - y);
  return { p50: pct(samples, 0.5), p95: pct(samples, 0.95), n: samples.length };
}

type Kind = 'stat-all' | 'graph';
interface Measured {
  rollup: Timing;
  raw: Timing;
  check: ReturnType<typeof compare>;
}

async function measure(db: Database, podIds: number[], label: string) {
  const out = new Map<string, Measured>();
  // A warm-up pass over every case first: PGlite's WebAssembly runs tens of calls slower until V8 has
  // optimised it (Live stat-all fell from ~30 ms to ~5 ms over its first 60 calls), and a server
  // answers from the warm state. PostgreSQL gets the same pass.
  for (let i = 0; i < 10; i++) {
    for (const { mode } of WINDOWS) {
      await statAll(db, windowOf(mode));
      await graph(db, windowOf(mode));
    }
  }
  for (const { name, mode } of WINDOWS) {
    const w = windowOf(mode);
    // Both ways a card is read: whole locations from their rows (the cards as the API answers them, means
    // and voltages), other cards pod by pod (sumsByPod).
    const byPod = await sumsByPod(db, podIds, w, NOW);
    const rawByPod = await rawStatAll(db, podIds, w);
    const figures = (await statAll(db, w)).results.flatMap((c) =>
      c.readings.flatMap((r): [string, number][] => [
        [`card ${c.id}/${r.sensorType}`, r.avg],
        [`card ${c.id}/${r.sensorType}/V`, r.voltage],
      ]),
    );
    const check1 = compare(
      new Map([
        ...byPod.filter((r) => r.n > 0).map((r): [string, number] => [`${r.podId}/${r.sensorType}`, r.s / r.n]),
        ...figures,
      ]),
      new Map([
        ...rawByPod.map((r): [string, number] => [`${r.pod_id}/${r.sensor_type}`, r.avg]),
        ...(await rawCards(db, w)),
      ]),
    );
    out.set(`${name}/stat-all`, {
      rollup: await time(() => statAll(db, w)),
      raw: await time(() => rawStatAll(db, podIds, w)),
      check: check1,
    });
    const check2 = compare(
      new Map((await graph(db, w)).map((r) => [`${r.sensorType}/${r.bucket}`, r.avg])),
      new Map((await rawGraph(db, podIds, w)).map((r) => [`${r.sensorType}/${r.bucket}`, r.avg])),
    );
    out.set(`${name}/graph`, {
      rollup: await time(() => graph(db, w)),
      raw: await time(() => rawGraph(db, podIds, w)),
      check: check2,
    });
    console.log(`  ${label} ${name} done (load ${loadavg()[0]?.toFixed(2)})`);
  }
  return out;
}

const TARGETS: Record<string, number> = {
  'live 30 min/stat-all': 5,
  'live 30 min/graph': 5,
  'day/stat-all': 15,
  'day/graph': 15,
  'week/stat-all': 15,
  'week/graph': 15,
  'month/stat-all': 15,
  'month/graph': 15,
  'year/stat-all': 20,
  'year/graph': 50,
};
/** The issue sets the 10x rollup target for the longer windows only. */
const rollupWindow = (name: string) => !name.startsWith('live') && !name.startsWith('day');

const ms = (x: number) => (x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0));
const pair = (t: Timing | undefined) => (t ? `${ms(t.p50)} / ${ms(t.p95)}${t.n < RUNS ? ` (n=${t.n})` : ''}` : '-');
const ok = (good: boolean) => (good ? 'met' : 'MISSED');

// ---------------------------------------------------------------------------------------------
const lpg = layout(PODS, READINGS);
const llite = layout(PODS, PGLITE_READINGS);
const describe = (l: Layout) =>
  `${l.rows.toLocaleString('en')} readings = ${l.pods} pods x ${l.sensors} sensor${l.sensors > 1 ? 's' : ''} x ${l.perSeries.toLocaleString('en')} readings each, one every ${(l.intervalMs / 60_000).toFixed(1)} min over the 365 days before ${NOW.toISOString()}`;
console.log(
  `bench/query ${new Date().toISOString()}  load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
if (!args['skip-postgres']) console.log(`PostgreSQL scale: ${describe(lpg)}`);
if (!args['skip-pglite']) console.log(`PGlite scale:     ${describe(llite)}`);

/** Loads PostgreSQL at one scale, measures, and drops the database (unless --keep with DATABASE_URL). */
async function runPostgres(l: Layout, name: string, opts: { hold?: boolean; measure?: boolean } = {}) {
  const loaded = await loadPostgres(l, name);
  const [info] = await loaded.db.query<{ version: string; jit: string; hourly: number; daily: number }>(
    "SELECT version(), current_setting('jit') AS jit, (SELECT count(*)::int FROM measurement_hourly) AS hourly, (SELECT count(*)::int FROM measurement_daily) AS daily",
  );
  console.log(
    `PostgreSQL ${l.pods} pods, ${l.rows.toLocaleString('en')} readings loaded: COPY ${(loaded.copyMs / 1000).toFixed(1)} s, rollups + VACUUM ANALYZE ${(loaded.rollupMs / 1000).toFixed(1)} s; hourly rows ${info?.hourly.toLocaleString('en')}, daily rows ${info?.daily.toLocaleString('en')}; ${info?.version.split(' on ')[0]}, jit=${info?.jit}`,
  );
  await storagePerReading(loaded.db, l.rows);
  const close = async () => {
    await loaded.db.close();
    if ((args.keep || args.reuse) && process.env.DATABASE_URL) console.log(`PostgreSQL database ${name} kept (--keep)`);
    else await loaded.drop();
  };
  const results =
    args['load-only'] || opts.measure === false
      ? new Map<string, Measured>()
      : await measure(loaded.db, loaded.podIds, 'PostgreSQL');
  if (opts.hold && !args['load-only']) return { results, db: loaded.db, close };
  await close();
  return { results, db: undefined, close: async () => {} };
}

/**
 * CPU time (ns) the server's backends connected to `db`'s database have used so far, from /proc/<pid>/schedstat:
 * what a read costs PostgreSQL whatever else the machine runs (wall-clock times also count the wait for a
 * core). Undefined when the server's processes are not readable here (another machine).
 */
async function backendCpuNs(db: Database): Promise<number | undefined> {
  const rows = await db.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = $1',
    ['client backend'],
  );
  let total = 0;
  for (const { pid } of rows) {
    try {
      total += Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      return undefined;
    }
  }
  return rows.length ? total : undefined;
}

interface PodsTiming extends Timing {
  /** PostgreSQL CPU per call, ms (backendCpuNs). */
  cpu?: number;
}

/**
 * p50 / p95 of the API's two reads on two databases, each case's calls alternating between them, so
 * that whatever else runs on the machine weighs on both alike, and the CPU each call cost PostgreSQL.
 */
async function comparePods(big: Database, small: Database) {
  const out = new Map<string, { big: PodsTiming; small: PodsTiming }>();
  for (let i = 0; i < 5; i++)
    for (const db of [big, small])
      for (const { mode } of WINDOWS) {
        await statAll(db, windowOf(mode));
        await graph(db, windowOf(mode));
      }
  for (const { name, mode } of WINDOWS) {
    const w = windowOf(mode);
    for (const [kind, read] of [
      ['stat-all', statAll],
      ['graph', graph],
    ] as const) {
      const sides = { big, small };
      const samples = { big: [] as number[], small: [] as number[] };
      const cpuBefore = { big: await backendCpuNs(big), small: await backendCpuNs(small) };
      for (let i = 0; i < RUNS; i++)
        for (const side of ['big', 'small'] as const) {
          const t = performance.now();
          await read(sides[side], w);
          samples[side].push(performance.now() - t);
        }
      const timing = async (side: 'big' | 'small'): Promise<PodsTiming> => {
        const xs = samples[side].sort((a, b) => a - b);
        const [before, after] = [cpuBefore[side], await backendCpuNs(sides[side])];
        const cpu = before !== undefined && after !== undefined ? (after - before) / 1e6 / RUNS : undefined;
        return { p50: pct(xs, 0.5), p95: pct(xs, 0.95), n: xs.length, ...(cpu === undefined ? {} : { cpu }) };
      };
      out.set(`${name}/${kind}`, { big: await timing('big'), small: await timing('small') });
    }
  }
  return out;
}

/** One database per scale, so --reuse keeps each loaded one. */
const dbName = (l: Layout) => `${args.database}_${l.pods}p_${l.rows}`;
// With --baseline-pods: the same readings over fewer pods, timed alternately with these: how each read's
// cost grows with the pod count.
const BASELINE_PODS = args['baseline-pods'] === undefined ? undefined : Number(args['baseline-pods']);
const pgMain = args['skip-postgres']
  ? undefined
  : await runPostgres(lpg, dbName(lpg), {
      hold: BASELINE_PODS !== undefined,
      measure: !(args['baseline-only'] && BASELINE_PODS !== undefined),
    });
const pgResults = pgMain?.results;
let pods: Awaited<ReturnType<typeof comparePods>> | undefined;
if (pgMain?.db && BASELINE_PODS !== undefined) {
  const lbase = layout(BASELINE_PODS, READINGS);
  const base = await runPostgres(lbase, dbName(lbase), { hold: true, measure: false });
  if (base.db) pods = await comparePods(pgMain.db, base.db);
  await base.close();
}
await pgMain?.close();
let liteResults: Map<string, Measured> | undefined;
if (!args['skip-pglite']) {
  const dir = `${args['pglite-dir']}-${llite.pods}x${llite.rows}`;
  const lite = await loadPglite(llite, dir);
  console.log(
    lite.reused
      ? `PGlite: reused ${dir}`
      : `PGlite loaded into ${dir}: COPY FROM '/dev/blob' ${(lite.copyMs / 1000).toFixed(1)} s, rollups + VACUUM ANALYZE ${(lite.rollupMs / 1000).toFixed(1)} s`,
  );
  liteResults = await measure(lite.db, lite.podIds, 'PGlite');
  await lite.db.close();
}
// PGlite / PostgreSQL compares the two at the same scale: PostgreSQL is measured again at PGlite's if they differ.
const sameScale = llite.rows === lpg.rows;
const pgAtLiteScale =
  sameScale || !liteResults || args['skip-postgres'] ? pgResults : (await runPostgres(llite, dbName(llite))).results;

const lines: string[][] = [
  [
    'window',
    'query',
    'target (PG p95)',
    'PG p50 / p95 ms',
    'raw SQL p50 / p95 ms',
    'speed-up',
    'PGlite p50 / p95 ms',
    'PGlite raw p50 / p95 ms',
    'PGlite speed-up',
    sameScale ? 'PGlite / PG' : 'PGlite / PG (PG p50 at PGlite scale)',
    'max abs(rollup - raw)',
    'targets',
  ],
];
for (const { name } of WINDOWS) {
  for (const kind of ['stat-all', 'graph'] as Kind[]) {
    const key = `${name}/${kind}`;
    const p = pgResults?.get(key);
    const l = liteResults?.get(key);
    const pSmall = pgAtLiteScale?.get(key);
    const target = TARGETS[key] as number;
    const liteRatio = l && pSmall ? l.rollup.p50 / pSmall.rollup.p50 : undefined;
    const verdicts: string[] = [];
    if (p) verdicts.push(`time ${ok(p.rollup.p95 <= target)}`);
    if (p && rollupWindow(name)) verdicts.push(`10x ${ok(p.raw.p50 / p.rollup.p50 >= 10)}`);
    if (liteRatio !== undefined) verdicts.push(`2.5x ${ok(liteRatio <= 2.5)}`);
    const checks = [p?.check, l?.check, sameScale ? undefined : pSmall?.check].filter((c) => c !== undefined);
    const diff = Math.max(...checks.map((c) => c.maxDiff));
    const missing = checks.reduce((a, c) => a + c.missing, 0);
    const speedup = (m: Measured | undefined) => (m ? `${(m.raw.p50 / m.rollup.p50).toFixed(1)}x` : '-');
    lines.push([
      name,
      kind,
      `<= ${target} ms${rollupWindow(name) ? ', >= 10x' : ''}`,
      pair(p?.rollup),
      pair(p?.raw),
      speedup(p),
      pair(l?.rollup),
      pair(l?.raw),
      speedup(l),
      liteRatio === undefined ? '-' : `${liteRatio.toFixed(2)}x${sameScale ? '' : ` (${ms(pSmall?.rollup.p50 ?? 0)})`}`,
      `${diff.toExponential(1)}${missing ? ` (${missing} keys differ!)` : ''}`,
      verdicts.join(', '),
    ]);
  }
}
const widths = (lines[0] as string[]).map((_, c) => Math.max(...lines.map((r) => (r[c] as string).length)));
const row = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(widths[c] as number)).join(' | ')} |`;
console.log(
  `\nDashboard queries, p50 / p95 in ms over ${RUNS} runs after 2 warm-ups (n=... where a slow case stopped after ${args['case-seconds']} s), tz ${TZ}, now ${NOW.toISOString()}`,
);
console.log(row(lines[0] as string[]));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of lines.slice(1)) console.log(row(r));
console.log(`
stat-all = listCards (the root page: 5 location cards over all ${PODS} pods); graph = planBuckets + meansByBucket over chartPods.
raw SQL = AVG(value) over measurement for [from, to) per pod and sensor type (stat-all), per date_bin bucket and sensor type (graph).
speed-up = raw p50 / rollup p50 in the same run; max abs(rollup - raw) compares every average of both answers (both engines).
load average at the end: ${loadavg()
  .map((x) => x.toFixed(2))
  .join(' ')}`);

if (pgResults && pods) {
  const table: string[][] = [
    [
      'window',
      'query',
      'target (PG p95)',
      `${PODS} pods p50 / p95 ms`,
      `${BASELINE_PODS} pods p50 / p95 ms`,
      `p50 ratio ${PODS} / ${BASELINE_PODS}`,
      `p95 ratio ${PODS} / ${BASELINE_PODS}`,
      `PG CPU ms/call ${PODS} / ${BASELINE_PODS} pods`,
      'CPU ratio',
      `time at ${PODS} pods`,
    ],
  ];
  for (const { name } of WINDOWS) {
    for (const kind of ['stat-all', 'graph'] as Kind[]) {
      const key = `${name}/${kind}`;
      const pair2 = pods.get(key);
      if (!pair2) continue;
      table.push([
        name,
        kind,
        `<= ${TARGETS[key]} ms`,
        pair(pair2.big),
        pair(pair2.small),
        `${(pair2.big.p50 / pair2.small.p50).toFixed(2)}x`,
        `${(pair2.big.p95 / pair2.small.p95).toFixed(2)}x`,
        pair2.big.cpu === undefined || pair2.small.cpu === undefined
          ? '-'
          : `${ms(pair2.big.cpu)} / ${ms(pair2.small.cpu)}`,
        pair2.big.cpu === undefined || pair2.small.cpu === undefined
          ? '-'
          : `${(pair2.big.cpu / pair2.small.cpu).toFixed(2)}x`,
        ok(pair2.big.p95 <= (TARGETS[key] as number)),
      ]);
    }
  }
  const w2 = (table[0] as string[]).map((_, c) => Math.max(...table.map((r) => (r[c] as string).length)));
  const row2 = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(w2[c] as number)).join(' | ')} |`;
  console.log(
    `\nPostgreSQL at ${PODS} and ${BASELINE_PODS} pods, ${READINGS.toLocaleString('en')} readings each, calls alternating between the two (${RUNS} each after a warm-up):`,
  );
  console.log(row2(table[0] as string[]));
  console.log(`|${w2.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of table.slice(1)) console.log(row2(r));
}
