/**
 * bench/rules-profile: where the rules worker's time goes, statement by statement. In this process, on
 * a fresh database: 40 pods with 1,000 rules as bench/rules makes them, then rounds of one 5,000-reading
 * batch per pod (inserted directly, with its queue rows) followed by the worker (`evaluateQueued`) until
 * the queue is empty, every statement of it timed. No other load; asserts nothing.
 *   npm run rules:profile -w bench [-- --postgres --rounds 3 --pods 40 --rules 1000]
 * PGlite in memory by default; --postgres uses DATABASE_URL's server (a fresh database) or a throwaway
 * cluster, and then also shows the plan of the worker's readings query over a window of many batches.
 */
import { parseArgs } from 'node:util';
import { SENSOR_TYPES } from '@greenpod/contracts';
import {
  type Database,
  evaluateQueued,
  migrate,
  openPglite,
  openPostgres,
  type Queryable,
  seedBase,
} from '@greenpod/server/bench';
import { freePort } from '@greenpod/server/testing';
import { benchDatabase } from './pg-cluster';
import { RULE_SHAPES } from './rule-shapes';

const { values: args } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '3' },
    pods: { type: 'string', default: '40' },
    rules: { type: 'string', default: '1000' },
  },
});
const PODS = Number(args.pods);
const RULES = Number(args.rules);
const ROUNDS = Number(args.rounds);

const pgdb = args.postgres ? await benchDatabase('greenpod_bench_rules_profile', await freePort()) : null;
const db: Database = pgdb ? await openPostgres(pgdb.url) : await openPglite();
await migrate(db);
await seedBase(db, { adminEmail: 'admin@bench.test', adminPassword: 'bench-password-1' });
const id = async (sql: string, params: (string | number)[] = []) =>
  ((await db.query<{ id: number }>(sql, params))[0] as { id: number }).id;
const group = await id(
  "INSERT INTO app_group (title, description, shortcode) VALUES ('B', 'b', 'profilegroup') RETURNING id",
);
const client = await id(
  "INSERT INTO client (group_id, title, description, shortcode) VALUES ($1, 'B', 'b', 'profileclien') RETURNING id",
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
  `INSERT INTO pod (group_id, client_id, location_id, area_id, identifier, title, description, voltage)
   SELECT $1, $2, $3, $4, 'profile-' || i, 'P', 'd', 230 FROM generate_series(0, $5::int - 1) i`,
  [group, client, location, area, PODS],
);
const pods = (await db.query<{ id: number }>('SELECT id FROM pod ORDER BY id')).map((r) => r.id);
const sensorOf = new Map(
  (await db.query<{ id: number; type: string }>('SELECT min(id) AS id, type FROM sensor GROUP BY type')).map((s) => [
    s.type,
    s.id,
  ]),
);
// The rules of bench/rules: rule j on sensor type j mod 8 of pod (j div 8) mod 40, its shapes in turn.
for (let j = 0; j < RULES; j++) {
  const type = SENSOR_TYPES[j % 8] as (typeof SENSOR_TYPES)[number];
  const shapes = RULE_SHAPES[type];
  const [condition, threshold] = shapes[Math.floor(j / (8 * PODS)) % shapes.length] as readonly [string, number];
  await db.query(
    `INSERT INTO rule (group_id, client_id, pod_id, sensor_id, title, description, condition, threshold_value, severity, action)
     VALUES ($1, $2, $3, $4, 'r', 'd', $5, $6, 'MEDIUM', 'none')`,
    [group, client, pods[Math.floor(j / 8) % PODS] as number, sensorOf.get(type) as number, condition, threshold],
  );
}
// The engine never looks back before a rule became active on a pod (docs/domain.md#rules), and the readings
// below are dated from 55 minutes ago: the rules are aged two hours, as the server's tests do.
await db.query("UPDATE rule SET created = now() - interval '2 hours'");
await db.query("UPDATE alert SET created = now() - interval '2 hours'");

// Every statement the worker runs, timed, keyed by its first words.
const stats = new Map<string, { n: number; ms: number }>();
const timed = (q: Queryable): Queryable => ({
  query: async (sql, params, options) => {
    const t = performance.now();
    try {
      return await q.query(sql, params, options);
    } finally {
      const key = sql.replace(/\s+/g, ' ').trim().slice(0, 72);
      const s = stats.get(key) ?? { n: 0, ms: 0 };
      s.n++;
      s.ms += performance.now() - t;
      stats.set(key, s);
    }
  },
});
const worker: Database = { ...db, transaction: (fn) => db.transaction((tx) => fn({ ...tx, ...timed(tx) })) };

// Inside the hour a rule met for the first time looks back over, one reading a second.
const T0 = Date.now() - 55 * 60_000;
const BATCH_MS = 625 * 1_000;
console.log(`bench/rules-profile ${new Date().toISOString()} on ${pgdb ? 'PostgreSQL' : 'PGlite'}`);
for (let r = 0; r < ROUNDS; r++) {
  for (const pod of pods) {
    await db.query(
      `INSERT INTO measurement (pod_id, sensor_id, sensor_type, value, created)
       SELECT $1, s.id, s.type, (i * 7 + array_position($3::text[], s.type) - 1) % 50, to_timestamp(($2::float8 + i * 1000) / 1000)
       FROM generate_series(0, 624) i CROSS JOIN (SELECT min(id) AS id, type FROM sensor GROUP BY type) s`,
      [pod, T0 + r * BATCH_MS, [...SENSOR_TYPES]],
    );
    await db.query('INSERT INTO rule_evaluation_queue (pod_id) VALUES ($1)', [pod]);
  }
  stats.clear();
  const start = performance.now();
  let taken = 0;
  const opts = { alertsUrl: 'http://localhost/alerts' };
  for (let n = await evaluateQueued(worker, opts); n > 0; n = await evaluateQueued(worker, opts)) taken += n;
  const ms = performance.now() - start;
  const statementMs = [...stats.values()].reduce((sum, s) => sum + s.ms, 0);
  console.log(
    `round ${r + 1}: ${taken} queue rows (${PODS} batches of 5,000 readings, ${RULES} rules) in ${ms.toFixed(0)} ms = ${(ms / PODS).toFixed(0)} ms a batch; statements ${statementMs.toFixed(0)} ms, the rest (evaluation in JS, awaits) ${(ms - statementMs).toFixed(0)} ms`,
  );
  for (const [sql, s] of [...stats].sort((a, b) => b[1].ms - a[1].ms)) {
    console.log(
      `  ${s.ms.toFixed(0).padStart(6)} ms ${String(s.n).padStart(5)} x ${(s.ms / s.n).toFixed(2).padStart(5)} ms  ${sql}`,
    );
  }
}

if (pgdb) {
  // The worker reads a rule's readings after its last evaluated one; over a window of many batches (a
  // backlog, a backfill) the plan matters. The same query shape, on the first pod, over every round.
  await db.query('ANALYZE measurement');
  const plan = await db.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE) SELECT value, created AS at FROM measurement
     WHERE pod_id = $1 AND sensor_type = $2 AND created > $3 ORDER BY created`,
    [pods[0] as number, 'TEMPERATURE', new Date(T0 - 1).toISOString()],
  );
  console.log(`\nthe readings query over ${ROUNDS} batches of every pod:`);
  for (const line of plan) console.log(`  ${line['QUERY PLAN']}`);
}
await db.close();
await pgdb?.drop();
