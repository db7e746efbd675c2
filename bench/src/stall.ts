/**
 * bench/stall: can one user stall the server? 200 concurrent GET /api/measurement pages from one user
 * while a second user keeps making ordinary requests, on PostgreSQL and on PGlite, through the real
 * app over HTTP (the request budget, bounded totals and statement timeout as configured).
 *   npm run bench:stall [-- --readings 10000000 --pglite-readings 1000000 --pods 100 --concurrency 200 --seconds 10 --ignore-retry-after --reuse]
 * (--refill-seconds: the pause between a server's two floods, 61 by default.)
 * Prints p50/p99 of both users and their ratio to the targets (flood p99 < 1 s, other user p99 < 200 ms);
 * asserts nothing. PostgreSQL: DATABASE_URL's server (database greenpod_bench_stall, kept for --reuse)
 * or a throwaway cluster. PGlite: a folder under /tmp, reused while its scale matches.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { SENSOR_TYPES } from '@greenpod/contracts';
import {
  buildPlacesFromPods,
  type Database,
  DERIVED_TABLES,
  hashPassword,
  loadConfig,
  migrate,
  openPglite,
  openPostgres,
  POD_ROLLUPS,
  seedBase,
} from '@greenpod/server/bench';
import { freePort, startServerProcess } from '@greenpod/server/testing';
import { benchDatabase } from './pg-cluster';

const { values: args } = parseArgs({
  options: {
    readings: { type: 'string', default: '10000000' },
    'pglite-readings': { type: 'string', default: '1000000' },
    pods: { type: 'string', default: '100' },
    concurrency: { type: 'string', default: '200' },
    /** How long the flood lasts. */
    seconds: { type: 'string', default: '10' },
    /** The pause between the two floods on one server, so the request budget refills (a minute). */
    'refill-seconds': { type: 'string', default: '61' },
    /** The flood sends its next page at once after a 429 (a client that does not back off). */
    'ignore-retry-after': { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    'skip-pglite': { type: 'boolean', default: false },
    'skip-postgres': { type: 'boolean', default: false },
    'pglite-dir': { type: 'string', default: '/tmp/greenpod-bench-stall-pglite' },
  },
});
const PODS = Number(args.pods);
const CONCURRENCY = Number(args.concurrency);
const SECONDS = Number(args.seconds);
const REFILL_SECONDS = Number(args['refill-seconds']);
const PASSWORD = 'bench-password-1';
const DAY = 86_400_000;

/** Estate, users and `readings` raw readings (every pod's 8 sensors over the last year), with rollups. */
async function load(db: Database, readings: number) {
  await migrate(db);
  await seedBase(db, { adminEmail: 'admin@bench.test', adminPassword: PASSWORD });
  const one = async (sql: string, params: (string | number)[]) =>
    ((await db.query<{ id: number }>(sql, params))[0] as { id: number }).id;
  const group = await one(
    "INSERT INTO app_group (title, description, shortcode) VALUES ('Bench', 'bench', 'stallgroup01') RETURNING id",
    [],
  );
  const client = await one(
    "INSERT INTO client (group_id, title, description, shortcode) VALUES ($1, 'Bench', 'bench', 'stallclient1') RETURNING id",
    [group],
  );
  const locations: number[] = [];
  const areas: number[] = [];
  for (let l = 0; l < 5; l++) {
    const location = await one(
      `INSERT INTO location (group_id, client_id, title, description, country, city, address, contact_name, contact_number, box_count)
       VALUES ($1, $2, $3, 'd', 'UK', 'London', 'a', 'c', '1', 1) RETURNING id`,
      [group, client, `Location ${l}`],
    );
    locations.push(location);
    areas.push(
      await one(
        "INSERT INTO area (group_id, client_id, location_id, title, description) VALUES ($1, $2, $3, $4, 'd') RETURNING id",
        [group, client, location, `Area ${l}`],
      ),
    );
  }
  await db.query(
    `INSERT INTO pod (group_id, client_id, location_id, area_id, identifier, title, description, voltage)
     SELECT $1, $2, ($3::int[])[1 + g % 5], ($4::int[])[1 + g % 5], 'stall-' || g, 'Pod ' || g, 'd', 230 FROM generate_series(0, $5::int - 1) g`,
    [group, client, locations, areas, PODS],
  );
  await db.query('INSERT INTO pod_sensor (pod_id, sensor_id) SELECT p.id, s.id FROM pod p CROSS JOIN sensor s');
  // Users: a viewer of every location (the flood), a viewer of one location (the other user).
  const hash = await hashPassword(PASSWORD);
  for (const [email, scope] of [
    ['flood@bench.test', locations],
    ['other@bench.test', locations.slice(0, 1)],
  ] as const) {
    const role = await one(
      "INSERT INTO role (title, description, access_level) VALUES ($1, 'bench', 10) RETURNING id",
      [email],
    );
    for (const location of scope) {
      await db.query('INSERT INTO role_location (role_id, group_id, client_id, location_id) VALUES ($1, $2, $3, $4)', [
        role,
        group,
        client,
        location,
      ]);
    }
    await db.query(
      "INSERT INTO app_user (role_id, first_name, last_name, email, password, active, verified) VALUES ($1, 'B', 'B', $2, $3, true, true)",
      [role, email, hash],
    );
  }
  // Each series (pod, sensor) reports evenly over the year before now; inserted in time order, as ingest does.
  const series = PODS * SENSOR_TYPES.length;
  const perSeries = Math.max(1, Math.round(readings / series));
  const stepMs = Math.floor((365 * DAY) / perSeries);
  const chunk = Math.max(1, Math.floor(500_000 / series));
  for (let from = 0; from < perSeries; from += chunk) {
    await db.query(
      `INSERT INTO measurement (pod_id, sensor_id, sensor_type, value, created)
       SELECT ps.pod_id, s.id, s.type, random() * 100, now() - make_interval(secs => ($3::bigint - i) * $4::bigint / 1000.0)
       FROM generate_series($1::int, $2::int) i CROSS JOIN pod_sensor ps JOIN sensor s ON s.id = ps.sensor_id ORDER BY i`,
      [from, Math.min(from + chunk, perSeries) - 1, perSeries, stepMs],
    );
  }
  for (const level of POD_ROLLUPS) {
    await db.query(`INSERT INTO ${level.table} (pod_id, sensor_type, bucket, count, sum, min, max)
      SELECT pod_id, sensor_type, ${level.bucket('created')}, count(*), sum(value), min(value), max(value) FROM measurement GROUP BY 1, 2, 3 ORDER BY 3, 1, 2`);
  }
  await buildPlacesFromPods(db, '2, 1');
  await db.query(`VACUUM ANALYZE measurement, ${DERIVED_TABLES.join(', ')}`);
  return perSeries * series;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number) : Number.NaN;
};
const ms = (x: number) => `${x.toFixed(0)} ms`;

/**
 * The flood and the other user's requests, over HTTP to the real server in its own process (so this
 * client's sockets are not held up by PGlite working on the server's thread).
 */
async function run(label: string, env: Record<string, string>, readings: number) {
  const port = await freePort();
  const server = await startServerProcess({
    ...env,
    PORT: String(port),
    MQTT_PORT: String(await freePort()),
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-01',
    ADMIN_EMAIL: 'admin@bench.test',
    ADMIN_PASSWORD: PASSWORD,
  });
  const base = `http://127.0.0.1:${port}`;
  const login = async (email: string) => {
    const res = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    return ((await res.json()) as { token: string }).token;
  };
  const timed = async (token: string, path: string) => {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { paging?: { total: number; totalIsLowerBound?: boolean } };
    return {
      ms: performance.now() - t0,
      status: res.status,
      paging: body.paging,
      retryAfter: Number(res.headers.get('retry-after') ?? 0),
    };
  };
  const page = (n: number) =>
    `/api/measurement?dataTableParams=${encodeURIComponent(JSON.stringify({ offset: n, paging: 10 }))}`;
  const [flood, other, admin] = [
    await login('flood@bench.test'),
    await login('other@bench.test'),
    await login('admin@bench.test'),
  ];
  const sample = await timed(admin, page(1));
  console.log(
    `\n${label}: ${readings.toLocaleString('en')} readings; admin's first page ${ms(sample.ms)}, total ${sample.paging?.total.toLocaleString('en')}${sample.paging?.totalIsLowerBound ? '+' : ''}`,
  );

  const floods = [
    ['a viewer of every pod', flood],
    ['the administrator', admin],
  ] as const;
  for (const [k, [who, token]] of floods.entries()) {
    const alone = [];
    for (let i = 0; i < 20; i++) alone.push((await timed(other, '/api/measurement')).ms);
    // The flood: CONCURRENCY requests outstanding for SECONDS, each answer followed by the next page
    // (after Retry-After on a 429, unless --ignore-retry-after), the other user's requests one after
    // another meanwhile.
    const until = performance.now() + SECONDS * 1000;
    const answers: Awaited<ReturnType<typeof timed>>[] = [];
    const otherTimes: number[] = [];
    const paths = ['/api/measurement', '/api/pod', '/api/location'];
    const otherStatuses = new Map<number, number>();
    const otherLoop = (async () => {
      // A person clicking through lists: a request every 50 ms at most, well inside their own budget.
      for (let i = 0; performance.now() < until; i++) {
        const answer = await timed(other, paths[i % paths.length] as string);
        otherTimes.push(answer.ms);
        otherStatuses.set(answer.status, (otherStatuses.get(answer.status) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, w) => {
        for (let i = 0; performance.now() < until; i++) {
          const answer = await timed(token, page(1 + ((w + i) % 50)));
          answers.push(answer);
          if (answer.retryAfter && !args['ignore-retry-after'])
            await new Promise((r) => setTimeout(r, answer.retryAfter * 1000));
        }
      }),
    );
    await otherLoop;
    const statuses = new Map<number, number>();
    for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    const floodTimes = answers.map((a) => a.ms);
    const okTimes = answers.filter((a) => a.status === 200).map((a) => a.ms);
    const backoff = args['ignore-retry-after'] ? 'ignoring Retry-After' : 'honouring Retry-After';
    console.log(
      `  ${CONCURRENCY} concurrent pages from ${who} for ${SECONDS} s, ${backoff}: ${[...statuses].map(([s, n]) => `${n} x ${s}`).join(', ')}`,
    );
    console.log(
      `    flood p50 ${ms(pct(floodTimes, 50))}, p99 ${ms(pct(floodTimes, 99))} (target < 1000 ms: ${(pct(floodTimes, 99) / 1000).toFixed(2)}x); its 200s p50 ${ms(pct(okTimes, 50))}, p99 ${ms(pct(okTimes, 99))}`,
    );
    console.log(
      `    other user alone p50 ${ms(pct(alone, 50))}, p99 ${ms(pct(alone, 99))}; during the flood (${[...otherStatuses].map(([s, n]) => `${n} x ${s}`).join(', ')}) p50 ${ms(pct(otherTimes, 50))}, p99 ${ms(pct(otherTimes, 99))} (target < 200 ms: ${(pct(otherTimes, 99) / 200).toFixed(2)}x)`,
    );
    // Let the budget refill before the next round.
    if (k < floods.length - 1) await new Promise((r) => setTimeout(r, REFILL_SECONDS * 1000));
  }
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
}

console.log(
  `bench/stall ${new Date().toISOString()}  load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
const budget = loadConfig({ ...process.env, JWT_SECRET: 'x'.repeat(32) });
console.log(
  `budget ${budget.REQUEST_CONCURRENCY_LIMIT} in flight, ${budget.REQUEST_RATE_LIMIT}/min per user; list count limit ${budget.LIST_COUNT_LIMIT.toLocaleString('en')}; list statement timeout ${budget.LIST_STATEMENT_TIMEOUT_MS} ms (PostgreSQL)`,
);

if (!args['skip-postgres']) {
  const want = Number(args.readings);
  const name = 'greenpod_bench_stall';
  let db: Database | undefined;
  let url = '';
  let readings = 0;
  let drop = async () => {};
  if (args.reuse && process.env.DATABASE_URL) {
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    url = u.toString();
    db = await openPostgres(url).catch(() => undefined);
    const [row] = db ? await db.query<{ n: number }>('SELECT readings AS n FROM bench_stall').catch(() => []) : [];
    if (db && row?.n === want) {
      await migrate(db);
      readings = want;
    } else {
      await db?.close();
      db = undefined;
    }
  }
  if (!db) {
    const pgdb = await benchDatabase(name, await freePort());
    url = pgdb.url;
    db = await openPostgres(url);
    const t0 = performance.now();
    readings = await load(db, want);
    await db.query('CREATE TABLE bench_stall (readings bigint NOT NULL)');
    await db.query('INSERT INTO bench_stall VALUES ($1)', [want]);
    console.log(`PostgreSQL loaded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    if (!process.env.DATABASE_URL) drop = pgdb.drop;
  }
  await db.close();
  await run('PostgreSQL', { DATABASE_URL: url, DATA_DIR: '/tmp/greenpod-bench-stall-data' }, readings);
  await drop();
}

if (!args['skip-pglite']) {
  const want = Number(args['pglite-readings']);
  const dir = `${args['pglite-dir']}-${PODS}x${want}`;
  const reused = existsSync(`${dir}.json`) && readFileSync(`${dir}.json`, 'utf8') === String(want);
  if (!reused) rmSync(dir, { recursive: true, force: true });
  // The server opens DATA_DIR/pglite.
  const db = await openPglite(`${dir}/pglite`);
  let readings = want;
  if (reused) await migrate(db);
  else {
    const t0 = performance.now();
    readings = await load(db, want);
    writeFileSync(`${dir}.json`, String(want));
    console.log(`PGlite loaded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  await db.close();
  await run('PGlite', { DATA_DIR: dir }, readings);
}
