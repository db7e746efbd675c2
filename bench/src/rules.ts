/**
 * bench/rules: what active rules cost the ingest, and how soon a breaching reading becomes a
 * notification, measured in one run through the real server (a child process), readings sent the way
 * bench/ingest sends them over HTTP (batches of 5,000, a few in flight).
 *   npm run bench:rules [-- --postgres --rules 1000 --pods 40 --batches 40 --rounds 2 --samples 30 --warm-up 8]
 * PGlite by default (the server's own folder under /tmp); --postgres uses DATABASE_URL's server (a
 * fresh database on it) or starts a throwaway cluster. Prints ratios and percentiles; asserts nothing.
 *
 * (1) Throughput: rounds of the same ingest load, alternately to pods without rules and to as many pods
 *     carrying the rules. Each round ends with a probe (below), which the engine reaches only after
 *     everything queued before it: readings per second committed (acknowledged), and committed and
 *     evaluated too, with and without the rules, and their ratios.
 * (2) Latency: probe readings, each breaching the only rule of a probe pod of its own, go out every
 *     half second while the pods with rules take that load (as fast as it goes, then paced at a share of
 *     what the engine kept up with in (1)); the notification list is polled until each one appears.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { formatWireTime, SENSOR_TYPES, type SensorType } from '@greenpod/contracts';
import { type Database, openPglite, openPostgres } from '@greenpod/server/bench';
import { apiClient, freePort, startServerProcess } from '@greenpod/server/testing';
import { createPods } from './estate';
import { benchDatabase } from './pg-cluster';
import { RULE_SHAPES } from './rule-shapes';

const { values: args } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    rules: { type: 'string', default: '1000' },
    /** Pods in each set: as many without rules as with them. */
    pods: { type: 'string', default: '40' },
    /** Batches of 5,000 readings per round and set; as many as pods feeds every pod once a round. */
    batches: { type: 'string' },
    rounds: { type: 'string', default: '2' },
    /** Batches per set before the rounds (JIT, caches, each rule's first evaluation). */
    'warm-up': { type: 'string', default: '8' },
    samples: { type: 'string', default: '30' },
    'in-flight': { type: 'string', default: '4' },
    'poll-ms': { type: 'string', default: '20' },
    'probe-every-ms': { type: 'string', default: '500' },
    /** The paced latency run offers this share of the readings/s the engine kept up with in (1). */
    'paced-share': { type: 'string', default: '0.5' },
    /** A probe not seen by then counts as missed (the engine is that far behind). */
    'probe-timeout-s': { type: 'string', default: '60' },
  },
});
const RULES = Number(args.rules);
const PODS = Number(args.pods);
const BATCHES = Number(args.batches ?? PODS);
const ROUNDS = Number(args.rounds);
const WARM_UP = Number(args['warm-up']);
const SAMPLES = Number(args.samples);
const IN_FLIGHT = Number(args['in-flight']);
const POLL_MS = Number(args['poll-ms']);
const PROBE_EVERY_MS = Number(args['probe-every-ms']);
const PROBE_TIMEOUT_MS = Number(args['probe-timeout-s']) * 1000;
const PACED_SHARE = Number(args['paced-share']);
const PASSWORD = 'bench-admin-pass';
const ENGINE = args.postgres ? 'PostgreSQL' : 'PGlite';

const INSTANTS = 625; // x 8 sensors = 5,000 readings a batch, as in bench/ingest
const STEP_MS = 500;

type Pod = { id: number; identifier: string; key: string };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rate = (n: number, ms: number) => Math.round((n / ms) * 1000);
const int = (n: number) => Math.round(n).toLocaleString('en');
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number) : Number.NaN;
};

console.log(
  `bench/rules ${new Date().toISOString()} on ${ENGINE}; load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
const pgdb = args.postgres ? await benchDatabase('greenpod_bench_rules', await freePort()) : null;
const dataDir = mkdtempSync(join(tmpdir(), 'greenpod-bench-rules-'));
const port = await freePort();
const serverEnv = {
  ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
  PORT: String(port),
  MQTT_PORT: String(await freePort()),
  ADMIN_PASSWORD: PASSWORD,
  LOG_LEVEL: 'error',
  DATA_DIR: dataDir,
  // The bench's administrator makes a thousand rules and polls the notification list.
  REQUEST_RATE_LIMIT: '1000000',
};
let server = await startServerProcess(serverEnv);
// A run that fails half-way leaves no data folder behind (startServerProcess stops the server).
process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const base = `http://127.0.0.1:${port}`;
const signIn = async () =>
  apiClient(base)<{ token: string }>('POST', '/api/user/login', { email: 'admin@greenpod.local', password: PASSWORD });
let api = apiClient(base, (await signIn()).token);
async function stopServer() {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
}

// Estate: pods without rules, pods with the rules, and one probe pod per latency sample or catch-up check.
const setupStart = performance.now();
const probeCount = 1 + 2 * ROUNDS + 2 * (SAMPLES + 1);
const estate = await createPods(api, 2 * PODS + probeCount);
const quiet = estate.pods.slice(0, PODS);
const ruled = estate.pods.slice(PODS, 2 * PODS);
const probes = estate.pods.slice(2 * PODS);
const sensorOf = Object.fromEntries(SENSOR_TYPES.map((t, i) => [t, estate.sensorIds[i] as number])) as Record<
  SensorType,
  number
>;

async function postRule(podId: number, type: SensorType, condition: string, thresholdValue: number, n: number) {
  const res = await api('POST', '/api/rule', {
    groupId: estate.groupId,
    clientId: estate.clientId,
    podId,
    sensorId: sensorOf[type],
    title: `Bench rule ${n}`,
    description: 'bench',
    condition,
    thresholdValue,
    severity: 'MEDIUM',
    action: 'none',
  });
  if (res.status !== 201) throw new Error(`rule ${n}: ${res.status} ${JSON.stringify(res)}`);
}
let nextRule = 0;
await Promise.all(
  Array.from({ length: 4 }, async () => {
    while (nextRule < RULES) {
      const j = nextRule++;
      const type = SENSOR_TYPES[j % SENSOR_TYPES.length] as SensorType;
      const pod = ruled[Math.floor(j / SENSOR_TYPES.length) % PODS] as Pod;
      const shapes = RULE_SHAPES[type];
      const [condition, threshold] = shapes[Math.floor(j / (SENSOR_TYPES.length * PODS)) % shapes.length] as [
        string,
        number,
      ];
      await postRule(pod.id, type, condition, threshold, j);
    }
  }),
);
for (const [k, pod] of probes.entries()) await postRule(pod.id, 'ELECTRICITY', 'greater', 5000, RULES + k);
console.log(
  `setup: ${PODS} pods without rules, ${PODS} with ${int(RULES)} rules (${(RULES / (PODS * 8)).toFixed(1)} per pod and sensor type), ${probeCount} probe pods; ${((performance.now() - setupStart) / 1000).toFixed(0)} s through the API`,
);
/**
 * The engine never looks back before a rule became active on a pod (its `created`, or its Alert row's;
 * docs/domain.md#rules), and the load's readings are dated from T0, before the rules just made: the rules
 * are aged two hours, as the server's tests do (apps/server/src/test/rule-age.ts). On PostgreSQL straight
 * on the database; on PGlite the server holds the data folder, so it is stopped, the folder updated, and
 * the server started again with the same environment (and signed in to again).
 */
const AGE_RULES = [
  "UPDATE rule SET created = now() - interval '2 hours'",
  "UPDATE alert SET created = now() - interval '2 hours'",
];
const ageStart = performance.now();
if (pgdb) {
  const db = await openPostgres(pgdb.url);
  for (const sql of AGE_RULES) await db.query(sql);
  await db.close();
} else {
  await stopServer();
  const db = await openPglite(join(dataDir, 'pglite'));
  for (const sql of AGE_RULES) await db.query(sql);
  await db.close();
  server = await startServerProcess(serverEnv);
  api = apiClient(base, (await signIn()).token);
}
console.log(`rules aged 2 hours (older than the readings) in ${((performance.now() - ageStart) / 1000).toFixed(1)} s`);
// A rule met for the first time looks back one hour (and never before the rule became active on the pod,
// hence the ageing), so every pod's readings start 55 minutes before the set-up's end and move forward
// batch by batch (about 5 minutes of readings each, two a second), never past now.
const T0 = Date.now() - 55 * 60_000;

// The load: batches of 625 instants x 8 sensors, each pod's next 5 minutes, IN_FLIGHT requests at a time.
const batchesSent = new Map<number, number>();
/** The pod's next batch, or null when it would reach past now (the pod has run out of reading times). */
function batchFor(pod: Pod) {
  const k = batchesSent.get(pod.id) ?? 0;
  const start = T0 + k * INSTANTS * STEP_MS;
  if (start + INSTANTS * STEP_MS > Date.now()) return null;
  batchesSent.set(pod.id, k + 1);
  return {
    readings: Array.from({ length: INSTANTS }, (_, i) =>
      SENSOR_TYPES.map((sensorType, s) => ({
        sensorType,
        value: (i * 7 + s) % 50,
        created: formatWireTime(new Date(start + i * STEP_MS)),
      })),
    ).flat(),
  };
}
async function send(pod: Pod, body: unknown): Promise<number> {
  const res = await fetch(`${base}/api/ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Pod ${pod.identifier}:${pod.key}` },
    body: JSON.stringify(body),
  });
  if (res.status !== 202) throw new Error(`ingest ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: { stored: number } }).data.stored;
}
/**
 * Sends batches round the pods until `done()` (one every `everyMs` when paced), going on from the pod
 * the last call stopped at, so a round of as many batches as pods feeds each pod, and each of its rules,
 * once. Answers the readings stored and the time taken, and whether it stopped early because a pod had
 * run out of reading times (few pods, a fast machine).
 */
const cursor = new Map<readonly Pod[], number>();
async function load(pods: readonly Pod[], done: (sent: number) => boolean, everyMs = 0) {
  let sent = 0;
  let stored = 0;
  let slot = 0;
  let ranOut = false;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (!done(sent) && !ranOut) {
        // Paced: batch k goes out at start + k x everyMs (or as soon as a lane is free after that).
        if (everyMs > 0) {
          const wait = start + slot++ * everyMs - performance.now();
          if (wait > 0) await sleep(wait);
          if (done(sent)) break;
        }
        const at = cursor.get(pods) ?? 0;
        const pod = pods[at % pods.length] as Pod;
        const batch = batchFor(pod);
        if (!batch) {
          ranOut = true;
          break;
        }
        sent++;
        cursor.set(pods, at + 1);
        stored += await send(pod, batch);
      }
    }),
  );
  return { stored, ms: performance.now() - start, ranOut };
}

/**
 * Probes: a reading far above its probe pod's only rule, so that rule's ALERT, with the value 9000 + k
 * telling the probes apart. One poller reads the newest probe notifications through the API every
 * POLL_MS (on PGlite the database lives in the server, so the API is the way to it; one request however
 * many probes are out). Each probe answers the milliseconds from sending its reading to seeing its
 * notification, and the part of it after the ingest's answer (its batch committed); Infinity when missed.
 */
type Seen = { total: number; afterCommit: number };
type Waiting = { start: number; committed: number; done: (seen: Seen) => void };
const waiting = new Map<number, Waiting>();
let polling = false;
let nextProbe = 0;
const probeList = `/api/notification?dataTableParams=${encodeURIComponent(
  JSON.stringify({
    paging: 100,
    fetchParams: { type: 'ALERT', sensorId: sensorOf.ELECTRICITY },
    colKey: 'value',
    sortDirection: 'DESC',
  }),
)}`;
async function poll() {
  polling = true;
  while (waiting.size > 0) {
    const res = await api<{ data: { value: number }[] }>('GET', probeList);
    const now = performance.now();
    for (const { value } of res.data) {
      const w = waiting.get(value);
      // Seen before this bench had the ingest's answer: taken on the next round.
      if (!w?.committed) continue;
      waiting.delete(value);
      w.done({ total: now - w.start, afterCommit: now - w.committed });
    }
    for (const [value, w] of waiting) {
      if (now - w.start < PROBE_TIMEOUT_MS) continue;
      waiting.delete(value);
      w.done({ total: Number.POSITIVE_INFINITY, afterCommit: Number.POSITIVE_INFINITY });
    }
    await sleep(POLL_MS);
  }
  polling = false;
}
async function probe(): Promise<Seen> {
  const k = nextProbe++;
  const pod = probes[k] as Pod;
  const value = 9000 + k;
  const w: Waiting = { start: performance.now(), committed: 0, done: () => {} };
  const seen = new Promise<Seen>((done) => {
    w.done = done;
  });
  waiting.set(value, w);
  await send(pod, { readings: [{ sensorType: 'ELECTRICITY', value, created: formatWireTime(new Date()) }] });
  w.committed = performance.now();
  if (!polling) void poll();
  return seen;
}
const ms = (x: number) => (Number.isFinite(x) ? `${int(x)} ms` : `> ${int(PROBE_TIMEOUT_MS)} ms`);
const notificationTotal = async () =>
  (await api<{ paging: { total: number } }>('GET', '/api/notification?dataTableParams=%7B%22paging%22%3A1%7D')).paging
    .total;

// Warm-up (JIT, caches, each rule's first evaluation), then the rounds.
await load(quiet, (sent) => sent >= WARM_UP);
await load(ruled, (sent) => sent >= WARM_UP);
await probe();
/**
 * One round of a set: its batches, then a probe, which the engine reaches only after everything queued
 * before it. Committed = readings over the time to the last acknowledgement; evaluated = readings over
 * the time until the engine has caught up with them too (the probe seen).
 */
const totals = () => ({ stored: 0, committedMs: 0, evaluatedMs: 0, caughtUp: [] as number[] });
async function round(pods: readonly Pod[], sum: ReturnType<typeof totals>) {
  const start = performance.now();
  const sent = await load(pods, (n) => n >= BATCHES);
  if (sent.ranOut) throw new Error('a pod ran out of reading times: fewer batches or rounds, please');
  const caughtUp = (await probe()).total;
  sum.stored += sent.stored;
  sum.committedMs += sent.ms;
  sum.evaluatedMs += performance.now() - start;
  sum.caughtUp.push(caughtUp);
  return `${int(sent.stored)} readings in ${int(sent.ms)} ms = ${int(rate(sent.stored, sent.ms))}/s, engine caught up ${ms(caughtUp)} later`;
}
const without = totals();
const withRules = totals();
for (let r = 1; r <= ROUNDS; r++) {
  const a = await round(quiet, without);
  const b = await round(ruled, withRules);
  console.log(
    `round ${r}: no rules ${a}; ${int(RULES)} rules ${b}; ${int(await notificationTotal())} notifications so far`,
  );
}

const committed = (t: ReturnType<typeof totals>) => rate(t.stored, t.committedMs);
// NaN when a round's probe was missed: the engine did not catch up within the timeout.
const evaluated = (t: ReturnType<typeof totals>) =>
  t.caughtUp.every(Number.isFinite) ? rate(t.stored, t.evaluatedMs) : Number.NaN;
/**
 * Latency: the load on the pods with rules (as fast as it goes, or paced) while the probes go out, one
 * every PROBE_EVERY_MS, each waited for on its own, so the samples spread over the load. The engine then
 * catches up before the next run.
 */
async function latencyUnder(everyMs: number) {
  let stop = false;
  const background = load(ruled, () => stop, everyMs);
  await sleep(1_000);
  const sampled: Promise<Seen>[] = [];
  for (let s = 0; s < SAMPLES; s++) {
    sampled.push(probe());
    await sleep(PROBE_EVERY_MS);
  }
  stop = true;
  const sent = await background;
  const seen = await Promise.all(sampled);
  await probe();
  const total = seen.map((p) => p.total);
  const afterCommit = seen.map((p) => p.afterCommit);
  const missed = total.filter((x) => !Number.isFinite(x)).length;
  return (
    `${int(rate(sent.stored, sent.ms))} readings/s meanwhile: p50 ${ms(pct(total, 50))}, p95 ${ms(pct(total, 95))} ` +
    `(after the commit p50 ${ms(pct(afterCommit, 50))}, p95 ${ms(pct(afterCommit, 95))}), ` +
    `${missed} of ${total.length} not seen within ${PROBE_TIMEOUT_MS / 1000} s` +
    (sent.ranOut
      ? `; the load stopped after ${int(sent.ms)} ms, its pods out of reading times (more pods, fewer samples)`
      : '') +
    '\n' +
    `          in the order sent: ${total.map((x) => (Number.isFinite(x) ? int(x) : '-')).join(' ')}`
  );
}
const fullLoad = await latencyUnder(0);
const kept = evaluated(withRules);
const paceMs = Number.isFinite(kept) ? (INSTANTS * 8 * 1000) / (kept * PACED_SHARE) : 0;
const paced =
  paceMs > 0
    ? `paced at ${PACED_SHARE} of the ${int(kept)} readings/s the engine kept up with in (1), ${await latencyUnder(paceMs)}`
    : 'paced: not run, the engine did not catch up in (1)';

await stopServer();

// What the engine did, read from the database once the server has stopped.
const db: Database = pgdb ? await openPostgres(pgdb.url) : await openPglite(join(dataDir, 'pglite'));
const count = async (sql: string) => Number((await db.query<{ n: number }>(sql))[0]?.n ?? 0);
const episodes = await count('SELECT count(*) AS n FROM rule_episode');
const byType = await db.query<{ type: string; n: number }>(
  'SELECT type, count(*)::int AS n FROM notification WHERE rule_id IS NOT NULL GROUP BY type ORDER BY type',
);
const queued = await count('SELECT count(*) AS n FROM rule_evaluation_queue');
const readings = await count('SELECT count(*) AS n FROM measurement');
await db.close();

console.log(`
Greenpod rules engine on ${ENGINE} (one run, ${new Date().toISOString()})
  (1) ingest, HTTP 5,000/batch, ${IN_FLIGHT} in flight, ${ROUNDS} x ${BATCHES} batches per set (readings/s):
                     committed  evaluated too  engine caught up after each round
        no rules     ${int(committed(without)).padStart(9)}  ${int(evaluated(without)).padStart(13)}  ${without.caughtUp.map(ms).join(', ')}
        ${`${int(RULES)} rules`.padEnd(12)} ${int(committed(withRules)).padStart(9)}  ${int(evaluated(withRules)).padStart(13)}  ${withRules.caughtUp.map(ms).join(', ')}
        ratio        ${(committed(withRules) / committed(without)).toFixed(2).padStart(9)}  ${(evaluated(withRules) / evaluated(without)).toFixed(2).padStart(13)}  (target >= 0.80)
  (2) reading -> notification, ${SAMPLES} probes each (sent -> seen through the API; target p95 <= 2,000 ms):
        full load   ${fullLoad}
        ${paced}
  evaluated: ${int(episodes)} rule/pod episode rows, notifications ${byType.map((t) => `${t.type} ${int(t.n)}`).join(', ') || 'none'}; ${int(queued)} queue rows left; ${int(readings)} readings stored
`);
rmSync(dataDir, { recursive: true, force: true });
await pgdb?.drop();
