/**
 * bench/instances: README "Modes", several instances. One PostgreSQL, Debian's Mosquitto set up as README "An
 * external Mosquitto" describes (drop-in, password and ACL files written by Greenpod, reload by signal), and two
 * Greenpod server processes on them with the same DATABASE_URL, JWT_SECRET and MQTT_URL and their own
 * MQTT_CLIENT_ID, DATA_DIR and port. Simulated pods publish QoS 1 through the broker.
 *   npm run bench:instances [-- --pods 500 --messages 40 --in-flight 2]
 * (--messages: per pod in each timed stream; each follows a warm-up of a quarter as many.)
 * Prints readings/s through the broker into one instance and into two, measured in one run, and checks, failing
 * (exit 1) when one does not hold:
 *   - every message the broker acknowledged to a pod is stored, each reading once (counted by pod and time),
 *     with one instance SIGKILLed mid-stream and started again (the broker queues its share meanwhile: ADR 0025);
 *   - both instances restarted together with work waiting for every scheduled job: aggregates, savings, the
 *     monthly report mail, the alarm-health mail and the offline sweep each leave their effect once;
 *   - a live stream on either instance shows the readings sent through the other, and a notification raised
 *     from a reading sent through the other;
 *   - a pod's key rotated through one instance is refused by the other and by the broker within a second.
 * Until the restart both instances ingest only (RULES_WORKER=0, README "Modes"), so the rules engine's queue,
 * the alarm-health mail and the offline sweep wait for the two to start together.
 * Uses DATABASE_URL's server (a fresh database on it) or starts a throwaway PostgreSQL cluster.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { formatWireTime } from '@greenpod/contracts';
import { apiClient, freePort, startReadmeMosquitto, startServerProcess } from '@greenpod/server/testing';
import pg from 'pg';
import { type Instance, liveNotificationCross, liveReadingsCross, rotationRefusal } from './instances-cross';
import { connectFleet, createFleet, FLEET_SENSORS, type FleetPod, messageKey, streamFleet } from './instances-fleet';
import { aggregatesOnce, closedPeriods, type JobCheck, mailsOnce, offlineOnce, savingsOnce } from './instances-jobs';
import { benchDatabase } from './pg-cluster';

const { values: args } = parseArgs({
  options: {
    pods: { type: 'string', default: '500' },
    messages: { type: 'string', default: '40' },
    'in-flight': { type: 'string', default: '2' },
  },
});
const PODS = Number(args.pods);
const MESSAGES = Number(args.messages);
const IN_FLIGHT = Number(args['in-flight']);
const ADMIN = { email: 'admin@greenpod.local', password: 'bench-instances-admin' };
const VIEWER = { email: 'watcher@greenpod.local', password: 'bench-instances-viewer' };
const checks: JobCheck[] = [];
const check = (job: string, expected: string, found: string, ok: boolean) => checks.push({ job, expected, found, ok });
const rate = (n: number, ms: number) => Math.round((n / ms) * 1000);
const started = new Date();

const db = await benchDatabase('greenpod_bench_instances', await freePort());
const sql = new pg.Client({ connectionString: db.url });
const broker = await startReadmeMosquitto({ user: 'greenpod', password: 'bench-instances-subscriber' });
// Where the pods connect: the same listener, their own user names.
const podBrokerUrl = `mqtt://127.0.0.1:${broker.port}`;
const scratch = mkdtempSync(join(tmpdir(), 'greenpod-bench-instances-'));
const dataDirs = { a: join(scratch, 'a'), b: join(scratch, 'b') };
const running = new Map<string, ChildProcess>();
process.once('exit', () => {
  for (const child of running.values()) child.kill('SIGKILL');
  if (broker.process.exitCode === null) broker.process.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

/** What the two share (README "Several instances") and what each has of its own. */
async function startInstance(name: 'a' | 'b', extra: Record<string, string> = {}) {
  const port = await freePort();
  const child = await startServerProcess({
    DATABASE_URL: db.url,
    JWT_SECRET: 'bench-instances-secret-shared-by-both-0123456789',
    ...broker.env,
    MQTT_CLIENT_ID: `greenpod-bench-${name}`,
    DATA_DIR: dataDirs[name],
    PORT: String(port),
    ADMIN_PASSWORD: ADMIN.password,
    // The set-up is hundreds of requests from one administrator: not what this bench measures.
    REQUEST_RATE_LIMIT: '1000000',
    REQUEST_CONCURRENCY_LIMIT: '1000',
    RULES_WORKER: '0',
    ...extra,
  });
  running.set(name, child);
  const base = `http://127.0.0.1:${port}`;
  const login = await apiClient(base)<{ token: string }>('POST', '/api/user/login', ADMIN);
  return { name, base, process: child, token: login.token, api: apiClient(base, login.token) };
}
type Running = Awaited<ReturnType<typeof startInstance>>;
const stop = async (i: Running, signal: 'SIGTERM' | 'SIGKILL') => {
  if (i.process.exitCode !== null || i.process.signalCode !== null) throw new Error(`instance ${i.name} had exited`);
  const exited = new Promise((r) => i.process.once('exit', r));
  i.process.kill(signal);
  await exited;
  running.delete(i.name);
};

const progress = (what: string) =>
  console.log(`[${((Date.now() - started.getTime()) / 1000).toFixed(0).padStart(4)} s] ${what}`);

// Readings of the last closed month, a few days per phase, so every scheduled job has closed periods to do.
const now = new Date();
const lastMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
// Each measured stream follows a warm-up of a quarter as many messages (later readings of the same days), so
// neither instance is timed on its first, unoptimised messages.
const WARM_UP = Math.max(2, Math.ceil(MESSAGES / 4));
const phaseDays = Math.ceil(((MESSAGES + WARM_UP) * 300_000) / 86_400_000);
const phaseFrom = (phase: number) => new Date(lastMonth + phase * phaseDays * 86_400_000);

await sql.connect();
const storedCount = async (podIds: readonly number[]) =>
  (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM measurement WHERE pod_id = ANY($1::int[])', [podIds]))
    .rows[0]?.n ?? 0;
/** Waits until `n` readings of the pods are stored; answers the milliseconds since `since`. */
async function stored(podIds: readonly number[], n: number, since: number, timeoutMs = 300_000) {
  while ((await storedCount(podIds)) < n) {
    if (performance.now() - since > timeoutMs) throw new Error(`only ${await storedCount(podIds)} of ${n} stored`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return performance.now() - since;
}

// 1. The first instance alone: it migrates, and the estate is made through it.
let a = await startInstance('a');
progress('a started');
const fleet = await createFleet(a.api, PODS);
const podIds = fleet.pods.map((p) => p.id);
const watch = (await createFleet(a.api, 1, { prefix: 'watch' })).pods[0] as FleetPod;
const tariffPods = fleet.pods.slice(0, Math.min(3, PODS));
for (const pod of tariffPods) {
  const res = await a.api('POST', '/api/tariff', {
    groupId: fleet.groupId,
    clientId: fleet.clientId,
    podId: pod.id,
    sensorType: 'ELECTRICITY',
    type: 'MONTHLY',
    timeRange: 'Monthly',
    savingFlat: 10,
    value: 500,
    currency: 'EUR',
    multiplier: 1,
    voltage: 230,
  });
  if (res.status !== 201) throw new Error(`POST /api/tariff: ${res.status} ${JSON.stringify(res)}`);
}
if ((await a.api('POST', '/api/report-subscription', { locationId: fleet.locationId })).status !== 201)
  throw new Error('POST /api/report-subscription failed');
await watchRuleAndViewer();
progress(`${PODS} pods made`);
const clients = await connectFleet(podBrokerUrl, fleet.pods);
const acked = new Set<string>();

// 2. Through the broker into one instance, then into two (the second started now: a fresh session).
/** A warm-up stream, then the measured one; answers the latter and the time until all its readings were stored. */
async function timedPhase(phase: number) {
  const from = phaseFrom(phase);
  const warm = new Date(from.getTime() + MESSAGES * 300_000);
  await streamFleet({ clients, pods: fleet.pods, from: warm, messages: WARM_UP, inFlight: IN_FLIGHT, acked });
  await stored(podIds, acked.size * FLEET_SENSORS.length, performance.now());
  const start = performance.now();
  const run = await streamFleet({ clients, pods: fleet.pods, from, messages: MESSAGES, inFlight: IN_FLIGHT, acked });
  return { ...run, storedMs: await stored(podIds, acked.size * FLEET_SENSORS.length, start) };
}
const one = await timedPhase(0);
progress('one instance: stored');
let b = await startInstance('b');
progress('b started');
const two = await timedPhase(1);
progress('two instances: stored');

// 3. The second instance SIGKILLed a third of the way through a stream; the first stopped after it. Readings of
// the last seconds: periods still open, so no job's work waits on them while the broker's queue drains.
let killedAt = 0;
const killFrom = new Date(Date.now() - MESSAGES * 1000);
await streamFleet({
  clients,
  pods: fleet.pods,
  from: killFrom,
  stepMs: 1000,
  messages: MESSAGES,
  inFlight: IN_FLIGHT,
  acked,
  onAck: (n) => {
    if (n !== Math.ceil((PODS * MESSAGES) / 3)) return;
    killedAt = acked.size;
    progress('b SIGKILLed');
    void stop(b, 'SIGKILL');
  },
});
const ackedWhileDown = acked.size - killedAt;
await Promise.all(clients.map((c) => c.endAsync()));
await stop(a, 'SIGTERM');
// What the broker acknowledged and no instance has stored: b's share since the kill, queued in its session.
const waiting = acked.size - (await storedCount(podIds)) / FLEET_SENSORS.length;
progress(
  `stream done, a stopped: ${ackedWhileDown} messages acknowledged after the SIGKILL, ${waiting} not stored yet`,
);

// 4. Both started together, the rules engine on, pods judged offline after 6 s of silence: b's share of the
// stream comes from the broker's queue, and every scheduled job has work waiting.
const jobsEnv = { RULES_WORKER: '1', POD_REPORT_INTERVAL_MINUTES: '0.1', POD_OFFLINE_INTERVALS: '1' };
const queued = async () =>
  (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM rule_evaluation_queue')).rows[0]?.n ?? 0;
const backlog = await queued();
const restartedAt = new Date();
[a, b] = await Promise.all([startInstance('a', jobsEnv), startInstance('b', jobsEnv)]);
const bothUp = Date.now();
progress('a and b started together');
await stored(podIds, acked.size * FLEET_SENSORS.length, performance.now());
const perKey = await sql.query<{ pod_id: number; created: Date; n: number }>(
  'SELECT pod_id, created, count(*)::int AS n FROM measurement WHERE pod_id = ANY($1::int[]) GROUP BY pod_id, created',
  [podIds],
);
const storedKeys = new Map(perKey.rows.map((r) => [messageKey(r.pod_id, formatWireTime(r.created)), r.n]));
const lost = [...acked].filter((k) => storedKeys.get(k) !== FLEET_SENSORS.length).length;
const extra = [...storedKeys.keys()].filter((k) => !acked.has(k)).length;
check(
  'acknowledged = stored, once',
  `${acked.size} messages x ${FLEET_SENSORS.length} readings (${ackedWhileDown} acknowledged after the SIGKILL; ${waiting} stored only after the restart)`,
  `${perKey.rows.length} stored, ${lost} short or missing, ${extra} never acknowledged`,
  lost === 0 && extra === 0 && perKey.rows.length === acked.size,
);
progress('all stored');
// The rules engine's queue, filled while both only ingested, is shared: the two work it off together.
while ((await queued()) > 0) await new Promise((r) => setTimeout(r, 200));
const drainedMs = Date.now() - bothUp;
progress(`the rules engine's queue is empty`);
const pair: [Instance, Instance] = [a, b];
const live = await liveReadingsCross(pair, a.token, fleet.pods);
check(
  'live readings across instances',
  `every pod's reading on the stream of each instance (half sent through each)`,
  `missing on a: ${live.missing[0]}, on b: ${live.missing[1]}`,
  live.missing.every((n) => n === 0),
);
const viewer = await apiClient(b.base)<{ token: string }>('POST', '/api/user/login', VIEWER);
const heard = await liveNotificationCross(pair, viewer.token, watch, 99);
check(
  'live notification across instances',
  `a notification event on both streams (the reading sent through b)`,
  `a: ${heard[0]}, b: ${heard[1]}`,
  heard.every(Boolean),
);
const rotation = await rotationRefusal({
  instances: pair,
  adminApi: a.api,
  brokerUrl: podBrokerUrl,
  pod: fleet.pods[PODS - 1] as FleetPod,
  limitMs: 1000,
});
progress('live and key rotation checked; waiting for the scheduled jobs');
const ms = (v: number | null) => (v === null ? 'not within 1 s' : `${v.toFixed(0)} ms`);
check(
  'key rotated through a, old key refused',
  'by b (HTTP 401) and the broker (CONNECT) within 1 s of the answer; new key works on both',
  `b ${ms(rotation.http)}, broker ${ms(rotation.broker)}, open connection closed: ${rotation.connectionClosed}, new key: b ${rotation.newKeyHttp}, broker ${rotation.newKeyBroker}`,
  rotation.http !== null && rotation.broker !== null && rotation.newKeyHttp && rotation.newKeyBroker,
);

// The alarm-health mail is checked a minute after each start (alerts/alarm-health-mail.ts): wait for both
// (each had built its app before it answered), then twice the rules worker's poll, so a second mail would be in
// an outbox by then. The last readings (the key rotation's) go offline after 6 s of silence, and each instance
// sweeps every 30 s (alerts/rule-worker-plugin.ts): both have swept once more by 45 s after them.
const deadline = Math.max(bothUp + 70_000, Date.now() + 45_000);
const expected = closedPeriods(
  [0, 1].flatMap((p) =>
    Array.from({ length: MESSAGES + WARM_UP }, (_, k) => new Date(phaseFrom(p).getTime() + k * 300_000)),
  ),
  restartedAt,
);
for (;;) {
  const jobs = [
    ...(await aggregatesOnce(sql, podIds, expected)),
    await savingsOnce(
      sql,
      tariffPods.map((p) => p.id),
    ),
    ...(await mailsOnce(sql, Object.values(dataDirs))),
    await offlineOnce(sql, podIds),
  ];
  if (Date.now() > deadline && (jobs.every((j) => j.ok) || Date.now() > deadline + 60_000)) {
    checks.push(...jobs);
    break;
  }
  await new Promise((r) => setTimeout(r, 1000));
}

console.log(`
Two Greenpod instances, one PostgreSQL, one Mosquitto (one run, ${started.toISOString()}, load average ${loadavg()
  .map((l) => l.toFixed(1))
  .join(' ')} at the end)
  ${PODS} pods, QoS 1, ${FLEET_SENSORS.length} readings/message, ${IN_FLIGHT} in flight each, ${MESSAGES} messages each per phase
  one instance   ${one.readings} readings acked by the broker in ${one.ms.toFixed(0)} ms, all stored in ${one.storedMs.toFixed(0)} ms = ${rate(one.readings, one.storedMs)} readings/s
  two instances  ${two.readings} readings acked by the broker in ${two.ms.toFixed(0)} ms, all stored in ${two.storedMs.toFixed(0)} ms = ${rate(two.readings, two.storedMs)} readings/s
  two against one: ${(rate(two.readings, two.storedMs) / rate(one.readings, one.storedMs)).toFixed(2)}
  the rules engine's queue (${backlog} pod/sensor pairs, every batch stored while both only ingested) worked off by
  the two together ${(drainedMs / 1000).toFixed(1)} s after both were up
`);
for (const c of checks) console.log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.job}: expected ${c.expected}; found ${c.found}`);
const failed = checks.filter((c) => !c.ok).length;
console.log(failed ? `\n${failed} checks failed` : '\nevery check held');

await sql.end();
await Promise.all([stop(a, 'SIGTERM'), stop(b, 'SIGTERM')]);
await broker.stop();
await db.drop();
process.exit(failed ? 1 : 0);

/** A rule on the watch pod (TEMPERATURE above 50, HIGH) and a user who sees that pod's client only. */
async function watchRuleAndViewer() {
  const pod = await a.api<{ data: { groupId: number; clientId: number } }>('GET', `/api/pod/${watch.id}`);
  const { groupId, clientId } = pod.data;
  const sensors = await a.api<{ data: { id: number; type: string }[] }>(
    'GET',
    '/api/sensor?dataTableParams=%7B%22paging%22%3A100%7D',
  );
  const made = async (path: string, body: object) => {
    const res = await a.api<{ data: { id: number } }>('POST', path, body);
    if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res)}`);
    return res.data.id;
  };
  await made('/api/rule', {
    groupId,
    clientId,
    podId: watch.id,
    sensorId: sensors.data.find((s) => s.type === 'TEMPERATURE')?.id,
    title: 'Watch pod too warm',
    description: 'd',
    condition: 'greater',
    thresholdValue: 50,
    severity: 'HIGH',
    action: 'Look',
  });
  const roleId = await made('/api/role', { title: 'Watcher', description: 'The watch client', accessLevel: 10 });
  await made('/api/role-client', { roleId, groupId, clientId });
  await made('/api/user', { roleId, firstName: 'W', lastName: 'Atcher', ...VIEWER, active: true, verified: true });
}
