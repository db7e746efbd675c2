/**
 * bench/soak: the server in production mode (its own process, PostgreSQL, JWT_SECRET and PUBLIC_URL set,
 * the embedded broker, the rules engine on with --rules rules) under simulated pods publishing over MQTT
 * QoS 1 at --rate readings/s for --minutes, then --overload times that rate (plus HTTP posters) for
 * --overload-seconds. Measured in the one run (docs/performance.md#soak-and-overload):
 *   soak:     readings acknowledged = readings stored (exactly), event-loop lag p99 (from inside the
 *             server: soak-probe.ts), RSS per minute and last/first minute, dashboard p95 per read while
 *             the load runs, each against its budget; the rate actually sustained.
 *   overload: the share shed (HTTP 503, MQTT publishes not acknowledged), the 503s' latency p95, a cheap
 *             GET's latency, RSS peak, the process alive, acknowledged = stored.
 *   npm run bench:soak [-- --minutes 10 --rate 50000 --pods 1000 --rules 1000 --overload 5 --overload-seconds 60]
 * DATABASE_URL's server (a fresh database on it) or a throwaway cluster. Prints; asserts nothing.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { SENSOR_TYPES, type SensorType } from '@greenpod/contracts';
import { queueLagSql } from '@greenpod/server/bench';
import { apiClient, freePort, startServerProcess } from '@greenpod/server/testing';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { createPods } from './estate';
import { benchDatabase } from './pg-cluster';
import { commandOf, machineTicks, parentOf, processTicks, TICKS_PER_SECOND, treeTicks } from './proc-cpu';
import { RULE_SHAPES } from './rule-shapes';
import type { FromLoad, Pod, Tick, ToLoad } from './soak-load';
import { int, lagPct, mb, mean, ms, type ProbeLine, pct, verdict } from './soak-stats';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string', default: '50000' },
    pods: { type: 'string', default: '1000' },
    /** The pods are spread over this many locations (each its own group, client and area). */
    sites: { type: 'string', default: '10' },
    rules: { type: 'string', default: '1000' },
    /** Unacknowledged messages a pod keeps at most. */
    'in-flight': { type: 'string', default: '20' },
    'warm-up-seconds': { type: 'string', default: '30' },
    overload: { type: 'string', default: '5' },
    'overload-seconds': { type: 'string', default: '60' },
    'http-posters': { type: 'string', default: '8' },
    'dashboard-every-ms': { type: 'string', default: '500' },
    'health-every-ms': { type: 'string', default: '250' },
    /** INGEST_QUEUE_LIMIT for the server; its default when unset. */
    'queue-limit': { type: 'string' },
    /** RULES_LAG_LIMIT_SECONDS for the server (0: off); its default when unset. */
    'rules-lag-limit': { type: 'string' },
  },
});
const MINUTES = Number(args.minutes);
const RATE = Number(args.rate);
const PODS = Number(args.pods);
const SITES = Math.min(Number(args.sites), PODS);
const RULES = Number(args.rules);
const WARM_UP_MS = Number(args['warm-up-seconds']) * 1000;
const OVERLOAD = Number(args.overload);
const OVERLOAD_MS = Number(args['overload-seconds']) * 1000;
const POSTERS = Number(args['http-posters']);
const PASSWORD = 'bench-admin-pass';
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
const load1 = () => loadavg()[0]?.toFixed(1) ?? '-';
const say = (line: string) => console.log(line);

say(
  `bench/soak ${new Date().toISOString()}; load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
const db = await benchDatabase('greenpod_bench_soak', await freePort());
const dataDir = mkdtempSync(join(tmpdir(), 'greenpod-bench-soak-'));
process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const [port, mqttPort] = [await freePort(), await freePort()];
const base = `http://127.0.0.1:${port}`;
// The probe runs inside the server's process: lag, RSS and CPU seen from there (soak-probe.ts).
process.env.SERVER_NODE_ARGS = [
  process.env.SERVER_NODE_ARGS ?? '',
  `--import tsx --import ${join(import.meta.dirname, 'soak-probe.ts')}`,
].join(' ');
const server = await startServerProcess({
  DATABASE_URL: db.url,
  JWT_SECRET: 'bench-soak-secret-that-is-long-enough-for-hs256',
  PUBLIC_URL: base,
  PORT: String(port),
  MQTT_PORT: String(mqttPort),
  ADMIN_PASSWORD: PASSWORD,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  // Set-up is some 10,000 requests from one administrator, past the default budget of 600 a minute.
  REQUEST_RATE_LIMIT: '1000000',
  ...(args['queue-limit'] ? { INGEST_QUEUE_LIMIT: args['queue-limit'] } : {}),
  ...(args['rules-lag-limit'] ? { RULES_LAG_LIMIT_SECONDS: args['rules-lag-limit'] } : {}),
});
const probe: ProbeLine[] = [];
const serverLog: string[] = [];
let partial = '';
server.stdout?.on('data', (chunk: Buffer) => {
  const lines = (partial + chunk.toString()).split('\n');
  partial = lines.pop() ?? '';
  for (const line of lines) {
    if (line.startsWith('@soak-probe ')) probe.push(JSON.parse(line.slice(12)) as ProbeLine);
    else if (line.startsWith('{')) serverLog.push(line);
  }
});
const sql = new pg.Client({ connectionString: db.url });
await sql.connect();
const count = async (q: string) => Number((await sql.query(q)).rows[0].n);

// The estate: MQTT pods over SITES locations, HTTP posters' pods apart, and RULES rules on the MQTT pods.
const setupStart = performance.now();
const admin = apiClient(base);
const login = await admin<{ token: string }>('POST', '/api/user/login', {
  email: 'admin@greenpod.local',
  password: PASSWORD,
});
const api = apiClient(base, login.token);
const sites = await Promise.all(
  Array.from({ length: SITES }, (_, s) =>
    createPods(api, Math.floor(PODS / SITES) + (s < PODS % SITES ? 1 : 0), `soak${s}`),
  ),
);
const mqttPods = sites.flatMap((site) => site.pods.map((pod) => ({ ...pod, site })));
const httpPods = POSTERS > 0 ? (await createPods(api, POSTERS, 'soakhttp')).pods : [];
const sensorIds = sites[0]?.sensorIds ?? [];
let nextRule = 0;
await Promise.all(
  Array.from({ length: 4 }, async () => {
    while (nextRule < RULES) {
      const j = nextRule++;
      const pod = mqttPods[j % mqttPods.length] as (typeof mqttPods)[number];
      const t = SENSOR_TYPES[(j + Math.floor(j / mqttPods.length)) % SENSOR_TYPES.length] as SensorType;
      const [condition, thresholdValue] = RULE_SHAPES[t][Math.floor(j / SENSOR_TYPES.length) % 3] as [string, number];
      const res = await api('POST', '/api/rule', {
        groupId: pod.site.groupId,
        clientId: pod.site.clientId,
        podId: pod.id,
        sensorId: sensorIds[SENSOR_TYPES.indexOf(t)],
        title: `Soak rule ${j}`,
        description: 'bench',
        condition,
        thresholdValue,
        severity: 'MEDIUM',
        action: 'none',
      });
      if (res.status !== 201) throw new Error(`rule ${j}: ${res.status} ${JSON.stringify(res)}`);
    }
  }),
);
say(
  `setup: ${int(mqttPods.length)} MQTT pods over ${SITES} locations, ${httpPods.length} HTTP pods, ${int(RULES)} rules, ` +
    `through the API in ${((performance.now() - setupStart) / 1000).toFixed(0)} s`,
);

/**
 * What the database takes at that moment without Greenpod: a raw COPY of 200,000 readings into a copy of
 * the measurement table (same indexes), so the rate sustained can be read as a ratio to it (bench/ingest's).
 */
async function copyRate() {
  await sql.query('CREATE TABLE soak_copy (LIKE measurement INCLUDING ALL)');
  const pod = mqttPods[0]?.id ?? 1;
  const rows = 200_000;
  function* csv() {
    for (let r = 0; r < rows; r += 1000) {
      let chunk = '';
      for (let i = r; i < r + 1000; i++) {
        const s = i % SENSOR_TYPES.length;
        chunk += `${pod},${sensorIds[s]},${SENSOR_TYPES[s]},${i % 50},${new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 8) * 1000).toISOString()}\n`;
      }
      yield chunk;
    }
  }
  const t0 = performance.now();
  await pipeline(
    Readable.from(csv()),
    sql.query(copyFrom('COPY soak_copy (pod_id, sensor_id, sensor_type, value, created) FROM STDIN (FORMAT csv)')),
  );
  const rate = rows / ((performance.now() - t0) / 1000);
  await sql.query('DROP TABLE soak_copy');
  return rate;
}
const copyBefore = await copyRate();
say(`raw COPY into a copy of the measurement table: ${int(copyBefore)} rows/s (load average ${load1()})`);

// The load in processes of their own: the MQTT pods in one, the HTTP posters in another (so neither's
// timings wait on the other's event loop, nor on this one's).
const ticks: Tick[] = [];
function startLoader() {
  const child: ChildProcess = fork(join(import.meta.dirname, 'soak-load.ts'), [], { execArgv: ['--import', 'tsx'] });
  process.once('exit', () => child.kill('SIGKILL'));
  const waiting = new Map<string, (m: FromLoad) => void>();
  child.on('message', (m: FromLoad) => {
    if (m.type === 'tick') ticks.push(m);
    else waiting.get(m.type)?.(m);
  });
  const answer = <T extends FromLoad['type']>(type: T) =>
    new Promise<Extract<FromLoad, { type: T }>>((ok) => waiting.set(type, ok as (m: FromLoad) => void));
  return {
    child,
    order: (m: ToLoad) => child.send(m),
    /** Sends `m` and resolves with the child's answer of that type. */
    ask<T extends FromLoad['type']>(m: ToLoad, type: T) {
      const answered = answer(type);
      child.send(m);
      return answered;
    },
    async end() {
      child.send({ cmd: 'end' } satisfies ToLoad);
      await new Promise((r) => child.once('exit', r));
    },
  };
}
const mqttLoad = startLoader();
const httpLoad = startLoader();
const asPods = (pods: readonly { identifier: string; key: string }[]): Pod[] =>
  pods.map(({ identifier, key }) => ({ identifier, key }));
const connected = await mqttLoad.ask(
  {
    cmd: 'connect',
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    pods: asPods(mqttPods),
    inFlight: Number(args['in-flight']),
    reconnectMs: 1000,
  },
  'connected',
);
say(`${int(mqttPods.length)} MQTT clients connected in ${ms(connected.ms)} ms`);
/** Stops the HTTP posters and waits until every MQTT message sent has been acknowledged; the totals so far. */
async function drain() {
  const [m, h] = await Promise.all(
    [mqttLoad, httpLoad].map((l) => l.ask({ cmd: 'drain', timeoutMs: 180_000 }, 'drained')),
  );
  return {
    ackedReadings: (m?.ackedReadings ?? 0) + (h?.ackedReadings ?? 0),
    httpStored: (m?.httpStored ?? 0) + (h?.httpStored ?? 0),
    inFlight: (m?.inFlight ?? 0) + (h?.inFlight ?? 0),
    ms: Math.max(m?.ms ?? 0, h?.ms ?? 0),
  };
}

// What a viewer and a monitor do meanwhile: dashboard reads one after another, and a cheap GET (no database).
type Sample = { t: number; ms: number; status: number };
const READS = [
  ['cards', 'live', '/api/stat-all/liveperformance', 5],
  ['chart', 'live', '/api/graph?mode=live', 5],
  ['cards', 'day', '/api/stat-all?mode=day', 15],
  ['chart', 'day', '/api/graph?mode=day', 15],
  ['cards', 'week', '/api/stat-all?mode=week', 15],
  ['chart', 'week', '/api/graph?mode=week', 15],
  ['cards', 'month', '/api/stat-all?mode=month', 15],
  ['chart', 'month', '/api/graph?mode=month', 15],
  ['cards', 'year', '/api/stat-all?mode=year', 20],
  ['chart', 'year', '/api/graph?mode=year', 50],
] as const;
const dashboard = READS.map(() => [] as Sample[]);
const health: Sample[] = [];
let watching = true;
async function timed(path: string, token?: string): Promise<Sample> {
  const t = Date.now();
  const start = performance.now();
  const res = await fetch(`${base}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {}).catch(
    () => null,
  );
  await res?.arrayBuffer();
  return { t, ms: performance.now() - start, status: res?.status ?? 0 };
}
const watchers = [
  (async () => {
    for (let i = 0; watching; i++) {
      dashboard[i % READS.length]?.push(
        await timed((READS[i % READS.length] as (typeof READS)[number])[2], login.token),
      );
      await sleep(Number(args['dashboard-every-ms']));
    }
  })(),
  (async () => {
    while (watching) {
      health.push(await timed('/api/configuration/default'));
      await sleep(Number(args['health-every-ms']));
    }
  })(),
];
const within = <T extends { t: number }>(xs: readonly T[], from: number, to: number) =>
  xs.filter((x) => x.t >= from && x.t < to);
const sum = (xs: readonly Tick[], f: (x: Tick) => number) => xs.reduce((a, x) => a + f(x), 0);

/**
 * Who had the cores: the server, PostgreSQL (every process of the cluster, on this machine: its postmaster's
 * tree, so a backend of a connection opened and closed between two marks counts too; the backends listed in
 * pg_stat_activity at both marks missed those, and put a soak whose connections churned at 1 % of a core), the
 * load generator, this bench, and the rest of the machine (other work on it), as % of one core.
 */
type CpuMark = {
  at: number;
  machine: ReturnType<typeof machineTicks>;
  own: Map<string, number>;
  pg: number;
};
const [{ pid: backend } = { pid: 0 }] = (await sql.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
// A backend's parent is the postmaster when the cluster runs here; a remote cluster's pid means nothing here.
const parent = parentOf(backend);
const postmaster = parent !== undefined && commandOf(parent)?.startsWith('postgres') ? parent : undefined;
function cpuMark(): CpuMark {
  const own = { server: server.pid, mqtt: mqttLoad.child.pid, http: httpLoad.child.pid, bench: process.pid };
  return {
    at: Date.now(),
    machine: machineTicks(),
    own: new Map(Object.entries(own).map(([k, pid]) => [k, pid ? processTicks(pid) : 0])),
    pg: postmaster === undefined ? 0 : treeTicks(postmaster),
  };
}
function cpuShare(a: CpuMark, b: CpuMark) {
  const core = (ticks: number) => (ticks / TICKS_PER_SECOND / ((b.at - a.at) / 1000)) * 100;
  const own = (k: string) => core((b.own.get(k) ?? 0) - (a.own.get(k) ?? 0));
  const pgTicks = b.pg - a.pg;
  const machine =
    ((b.machine.busy - a.machine.busy) / (b.machine.total - a.machine.total)) * availableParallelism() * 100;
  const share = { server: own('server'), pg: core(pgTicks), load: own('mqtt') + own('http'), bench: own('bench') };
  return { ...share, machine, others: machine - share.server - share.pg - share.load - share.bench };
}
const cpuLine = (c: ReturnType<typeof cpuShare>) =>
  `server ${int(c.server)}, PostgreSQL ${int(c.pg)}, load generator ${int(c.load)}, bench ${int(c.bench)}, everything else ${int(c.others)} (machine busy ${int(c.machine)} of ${availableParallelism() * 100})`;

// The soak: a warm-up (JIT, caches, the rules' first evaluations), then MINUTES at RATE, a row a minute.
mqttLoad.order({ cmd: 'rate', readingsPerSecond: RATE });
await sleep(WARM_UP_MS);
const soakStart = Date.now();
const minuteMs = Math.min(60_000, MINUTES * 60_000);
const soakCpuStart = cpuMark();
let lastMark = soakCpuStart;
const rows: {
  from: number;
  to: number;
  queue: number;
  rulesLag: number;
  load: string;
  cpu: ReturnType<typeof cpuShare>;
}[] = [];
// How long the oldest queued evaluation has waited: how late an alert would be (RULES_LAG_LIMIT_SECONDS bounds it).
const rulesLag = async () =>
  Number((await sql.query<{ s: number }>(`SELECT ${queueLagSql('rule_evaluation_queue')} AS s`)).rows[0]?.s ?? 0);
say(
  `\nsoak: target ${int(RATE)} readings/s for ${MINUTES} min after a ${WARM_UP_MS / 1000} s warm-up; ` +
    `MQTT QoS 1, 8 readings a message, up to ${args['in-flight']} unacknowledged per pod`,
);
say(
  '  minute  acked/s  behind/s  closed  lag p99 ms: HTTP / ingest  RSS MB  heap MB: HTTP / ingest  dashboard p95 ms  rules queue  rules lag s  load avg  CPU % of a core: server / PostgreSQL / load / else',
);
for (let from = soakStart; from < soakStart + MINUTES * 60_000; from += minuteMs) {
  const to = Math.min(from + minuteMs, soakStart + MINUTES * 60_000);
  await sleep(to - Date.now());
  const mark = cpuMark();
  const row = {
    from,
    to,
    queue: await count('SELECT count(*) AS n FROM rule_evaluation_queue'),
    rulesLag: await rulesLag(),
    load: load1(),
    cpu: cpuShare(lastMark, mark),
  };
  lastMark = mark;
  rows.push(row);
  say(minuteLine(rows.length, row));
}
const soakEnd = Date.now();
const soakCpu = cpuShare(soakCpuStart, cpuMark());
mqttLoad.order({ cmd: 'rate', readingsPerSecond: 0 });
const soakDrained = await drain();
const soakStored = await count('SELECT count(*) AS n FROM measurement');
const queueAtEnd = await count('SELECT count(*) AS n FROM rule_evaluation_queue');
const caughtUpStart = performance.now();
let queueLeft = queueAtEnd;
while (queueLeft > 0 && performance.now() - caughtUpStart < 120_000) {
  await sleep(1000);
  queueLeft = await count('SELECT count(*) AS n FROM rule_evaluation_queue');
}
const rulesCaughtUp = (performance.now() - caughtUpStart) / 1000;

function minuteLine(n: number, r: (typeof rows)[number]) {
  const t = within(ticks, r.from, r.to);
  const p = within(probe, r.from, r.to);
  const seconds = (r.to - r.from) / 1000;
  const acked = t.reduce((a, x) => a + x.acked, 0) / seconds;
  const behind = (t.reduce((a, x) => a + x.behind, 0) * SENSOR_TYPES.length) / seconds;
  const reads = dashboard.flatMap((d) => within(d, r.from, r.to).map((s) => s.ms));
  const c = r.cpu;
  return `  ${String(n).padStart(6)}  ${int(acked).padStart(7)}  ${int(behind).padStart(8)}  ${int(sum(t, (x) => x.closes)).padStart(6)}  ${`${ms(lagPct(p, 99))} / ${ms(lagPct(p, 99, 'ingestLag'))}`.padStart(25)}  ${mb(mean(p.map((x) => x.rss))).padStart(6)}  ${`${mb(mean(p.map((x) => x.heap)))} / ${mb(mean(p.flatMap((x) => (x.ingestHeap === undefined ? [] : [x.ingestHeap]))))}`.padStart(22)}  ${ms(pct(reads, 95)).padStart(16)}  ${int(r.queue).padStart(11)}  ${int(r.rulesLag).padStart(11)}  ${r.load.padStart(8)}  ${[c.server, c.pg, c.load, c.others].map(int).join(' / ')}`;
}

// Overload: OVERLOAD x RATE over MQTT, and HTTP posters, for OVERLOAD_MS; then everything is drained.
const overloadStart = Date.now();
const overloadCpuStart = cpuMark();
if (OVERLOAD_MS > 0) {
  mqttLoad.order({ cmd: 'rate', readingsPerSecond: RATE * OVERLOAD });
  httpLoad.order({ cmd: 'http', base, pods: asPods(httpPods) });
  await sleep(OVERLOAD_MS);
  mqttLoad.order({ cmd: 'rate', readingsPerSecond: 0 });
}
const overloadEnd = Date.now();
const overloadCpu = cpuShare(overloadCpuStart, cpuMark());
const loadDuringOverload = load1();
const overloadDrained = await drain();
const overloadDrainedAt = Date.now();
const finalStored = await count('SELECT count(*) AS n FROM measurement');
watching = false;
await Promise.all(watchers);
const alive = server.exitCode === null && server.signalCode === null;
const lastHealth = await timed('/api/configuration/default');
const copyAfter = await copyRate();
const notifications = await count('SELECT count(*) AS n FROM notification WHERE rule_id IS NOT NULL');

// The figures.
const soakTicks = within(ticks, soakStart, soakEnd);
const soakProbe = within(probe, soakStart, soakEnd);
const sustained = soakTicks.reduce((a, x) => a + x.acked, 0) / ((soakEnd - soakStart) / 1000);
const lagP99 = lagPct(soakProbe, 99);
const ingestLagP99 = soakProbe.some((x) => x.ingestLag) ? lagPct(soakProbe, 99, 'ingestLag') : undefined;
const rssOf = (r: (typeof rows)[number] | undefined) =>
  r ? mean(within(probe, r.from, r.to).map((x) => x.rss)) : Number.NaN;
const rssRatio = rssOf(rows.at(-1)) / rssOf(rows[0]);
const soakAcked = soakDrained.ackedReadings + soakDrained.httpStored;
say(`
Greenpod soak on PostgreSQL (one run, ${new Date(soakStart).toISOString()} - ${new Date(soakEnd).toISOString()})
  sustained ${int(sustained)} readings/s acknowledged of ${int(RATE)} asked (${((sustained / RATE) * 100).toFixed(0)} %); raw COPY ${int(copyBefore)} rows/s before, ${int(copyAfter)} after: ratio ${(sustained / copyBefore).toFixed(2)}, ${(sustained / copyAfter).toFixed(2)}
  CPU, % of one core: ${cpuLine(soakCpu)}
  acknowledged ${int(soakAcked)}, stored ${int(soakStored)}: ${soakAcked === soakStored ? 'acknowledged = stored, exactly' : `MISMATCH (${int(soakStored - soakAcked)})`}; ${int(sum(soakTicks, (x) => x.closes))} connections closed by the server${soakDrained.inFlight ? `; ${int(soakDrained.inFlight)} messages still unacknowledged after ${ms(soakDrained.ms / 1000)} s` : ''}
  event-loop lag p99 ${ms(lagP99)} ms, max ${ms(lagPct(soakProbe, 100))} ms (budget p99 < 100 ms: ${verdict(lagP99 < 100)})${ingestLagP99 === undefined ? '' : `; the ingest thread's p99 ${ms(ingestLagP99)} ms, max ${ms(lagPct(soakProbe, 100, 'ingestLag'))} ms (${verdict(ingestLagP99 < 100)})`}
  RSS first minute ${mb(rssOf(rows[0]))} MB, last ${mb(rssOf(rows.at(-1)))} MB: last/first ${rssRatio.toFixed(2)} (flat within 10 %: ${verdict(Math.abs(rssRatio - 1) <= 0.1)})
  rules: ${int(RULES)} active, ${int(notifications)} notifications by the end; queue ${int(queueAtEnd)} rows when the load stopped, ${queueLeft === 0 ? `empty ${rulesCaughtUp.toFixed(0)} s later` : `${int(queueLeft)} still after ${rulesCaughtUp.toFixed(0)} s`}
  dashboard while it ran (HTTP, one read at a time; budgets are bench/query's PostgreSQL p95s):`);
for (const [i, [read, window, , budget]] of READS.entries()) {
  const xs = within(dashboard[i] ?? [], soakStart, soakEnd);
  const p95 = pct(
    xs.map((s) => s.ms),
    95,
  );
  say(
    `    ${`${window} ${read}`.padEnd(12)} n=${String(xs.length).padStart(4)}  p50 ${ms(
      pct(
        xs.map((s) => s.ms),
        50,
      ),
    ).padStart(
      5,
    )}  p95 ${ms(p95).padStart(5)} ms  budget ${budget} ms: ${verdict(p95 <= budget)}${xs.some((s) => s.status !== 200) ? `  (${xs.filter((s) => s.status !== 200).length} not 200)` : ''}`,
  );
}

const over = within(ticks, overloadStart, overloadEnd);
// Until drained, every message sent has been acknowledged once: PUBLISH packets past the first sends were
// resends of messages the server had refused (or whose connection it closed).
const overAll = within(ticks, overloadStart, overloadDrainedAt + 1000);
const packets = sum(overAll, (x) => x.attempts);
const resends = packets - sum(overAll, (x) => x.offered);
const overProbe = within(probe, overloadStart, overloadDrainedAt);
const shed = over.flatMap((x) => x.http.shed);
const ok = over.flatMap((x) => x.http.ok);
const overHealth = within(health, overloadStart, overloadEnd).map((s) => s.ms);
const finalAcked = overloadDrained.ackedReadings + overloadDrained.httpStored;
if (OVERLOAD_MS > 0)
  say(`
Overload: ${OVERLOAD}x = ${int(RATE * OVERLOAD)} readings/s asked over MQTT for ${OVERLOAD_MS / 1000} s, and ${POSTERS} HTTP posters of 5,000-reading batches (load average ${loadDuringOverload})
  MQTT: ${int((sum(over, (x) => x.offered) * SENSOR_TYPES.length) / (OVERLOAD_MS / 1000))} readings/s sent, ${int(sum(over, (x) => x.acked) / (OVERLOAD_MS / 1000))} acknowledged; ${int(sum(over, (x) => x.behind) * SENSOR_TYPES.length)} readings not sent (every pod at its in-flight bound)
        ${int(packets)} PUBLISH packets until drained, ${int(resends)} of them resends: ${((resends / Math.max(1, packets)) * 100).toFixed(0)} % shed (refused, no PUBACK); ${int(sum(overAll, (x) => x.closes))} connections closed by the server
  load generators' own event loops at worst ${ms(Math.max(0, ...over.map((x) => x.lagMaxMs)))} ms late (their timings are that much off)
  HTTP: ${ok.length} x 202 (p50 ${ms(pct(ok, 50))}, p95 ${ms(pct(ok, 95))} ms), ${shed.length} x 503 (p50 ${ms(pct(shed, 50))}, p95 ${ms(pct(shed, 95))}, max ${ms(pct(shed, 100))} ms): ${((shed.length / Math.max(1, ok.length + shed.length)) * 100).toFixed(0)} % shed; ${over.reduce((a, x) => a + x.http.other, 0)} other answers
  CPU, % of one core: ${cpuLine(overloadCpu)}
  GET /api/configuration/default meanwhile: p95 ${ms(pct(overHealth, 95))} ms, max ${ms(pct(overHealth, 100))} ms (n=${overHealth.length}); event-loop lag p99 ${ms(lagPct(overProbe, 99))} ms; RSS peak ${mb(Math.max(...overProbe.map((x) => x.rss)))} MB
  after: server ${alive ? 'alive' : 'DEAD'}, GET answered ${lastHealth.status} in ${ms(lastHealth.ms)} ms; drained in ${ms(overloadDrained.ms / 1000)} s${overloadDrained.inFlight ? ` (${int(overloadDrained.inFlight)} still unacknowledged)` : ''}
  acknowledged ${int(finalAcked)} in all, stored ${int(finalStored)}: ${finalAcked === finalStored ? 'acknowledged = stored, exactly' : `MISMATCH (${int(finalStored - finalAcked)})`}`);
const notice = (l: string) =>
  l.includes('"level":40') && (l.includes('ingest queue full') || l.includes('rules engine behind'));
const warnings = serverLog.filter((l) => !notice(l));
say(
  `  server log: ${serverLog.length} lines at warn or above${warnings.length ? `; other than the queue-full and rules-behind notices:\n    ${warnings.slice(-5).join('\n    ')}` : ''}\n`,
);

await Promise.all([mqttLoad.end(), httpLoad.end()]);
await sql.end();
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
await db.drop();
