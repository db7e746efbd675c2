/**
 * bench/ingest: readings per second into PostgreSQL through Greenpod, against a raw COPY of the same
 * number of rows into the same indexed table, measured in one run.
 *   npm run bench:ingest [-- --http-batches 40 --mqtt-clients 200 --mqtt-messages 50]
 * Uses DATABASE_URL's server (a fresh database on it) or starts a throwaway PostgreSQL cluster.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { formatWireTime, SENSOR_TYPES } from '@greenpod/contracts';
import { apiClient, freePort, startServerProcess } from '@greenpod/server/testing';
import mqtt from 'mqtt';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { createPods } from './estate';
import { benchDatabase } from './pg-cluster';

const { values: args } = parseArgs({
  options: {
    'http-batches': { type: 'string', default: '40' },
    'mqtt-clients': { type: 'string', default: '200' },
    'mqtt-messages': { type: 'string', default: '50' },
    'in-flight': { type: 'string', default: '10' },
  },
});
const HTTP_BATCHES = Number(args['http-batches']);
const CLIENTS = Number(args['mqtt-clients']);
const MESSAGES = Number(args['mqtt-messages']);
const IN_FLIGHT = Number(args['in-flight']);
const rate = (n: number, ms: number) => Math.round((n / ms) * 1000);

const db = await benchDatabase('greenpod_bench_ingest', await freePort());
const [port, mqttPort] = [await freePort(), await freePort()];
const dataDir = mkdtempSync(join(tmpdir(), 'greenpod-bench-ingest-'));
process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const server = await startServerProcess({
  DATABASE_URL: db.url,
  PORT: String(port),
  MQTT_PORT: String(mqttPort),
  ADMIN_PASSWORD: 'bench-admin-pass',
  LOG_LEVEL: 'error',
  DATA_DIR: dataDir,
  // The estate is 9 requests a pod (200 pods by default) from one administrator: far past the default
  // per-user budget of 600 a minute, which is not what this bench measures.
  REQUEST_RATE_LIMIT: '1000000',
});
const base = `http://127.0.0.1:${port}`;
const login = await apiClient(base)<{ token: string }>('POST', '/api/user/login', {
  email: 'admin@greenpod.local',
  password: 'bench-admin-pass',
});
const api = apiClient(base, login.token);
const { pods, sensorIds } = await createPods(api, Math.max(CLIENTS, HTTP_BATCHES));
const sql = new pg.Client({ connectionString: db.url });
await sql.connect();
const count = async () => Number((await sql.query('SELECT count(*) AS n FROM measurement')).rows[0].n);

// (a) HTTP: batches of 5,000 readings (625 instants x 8 sensors), four requests in flight.
const t0 = Date.UTC(2025, 0, 1);
const batch = () => ({
  readings: Array.from({ length: 625 }, (_, i) =>
    SENSOR_TYPES.map((sensorType, s) => ({
      sensorType,
      value: (i * 7 + s) % 50,
      created: formatWireTime(new Date(t0 + i * 300_000)),
    })),
  ).flat(),
});
const httpStart = performance.now();
let httpStored = 0;
for (let b = 0; b < HTTP_BATCHES; b += 4) {
  const chunk = pods.slice(b, Math.min(b + 4, HTTP_BATCHES));
  const results = await Promise.all(
    chunk.map(async (pod) => {
      const res = await fetch(`${base}/api/ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Pod ${pod.identifier}:${pod.key}` },
        body: JSON.stringify(batch()),
      });
      const body = await res.text();
      if (res.status !== 202) throw new Error(`POST /api/ingest: ${res.status} ${body}`);
      return (JSON.parse(body) as { data: { stored: number } }).data.stored;
    }),
  );
  httpStored += results.reduce((a, n) => a + n, 0);
}
const httpMs = performance.now() - httpStart;

// Raw COPY of as many rows into the same table (same indexes), different instants so none collide.
const copyRows = httpStored;
const t1 = Date.UTC(2024, 0, 1);
function* csv() {
  let chunk = '';
  for (let r = 0; r < copyRows; r++) {
    const j = r % (8 * HTTP_BATCHES);
    const pod = pods[Math.floor(j / 8)] as { id: number };
    const s = j % 8;
    const instant = Math.floor(r / (8 * HTTP_BATCHES));
    chunk += `${pod.id},${sensorIds[s]},${SENSOR_TYPES[s]},${r % 50},${new Date(t1 + instant * 300_000).toISOString()}\n`;
    if (chunk.length > 64_000) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
const copyStart = performance.now();
await pipeline(
  Readable.from(csv()),
  sql.query(copyFrom('COPY measurement (pod_id, sensor_id, sensor_type, value, created) FROM STDIN (FORMAT csv)')),
);
const copyMs = performance.now() - copyStart;

// (b) MQTT: many pods at once, 8 readings per message, QoS 1, a few messages in flight per pod.
const before = await count();
const clients = await Promise.all(
  pods.slice(0, CLIENTS).map((p) =>
    mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
      username: p.identifier,
      password: p.key,
      reconnectPeriod: 0,
    }),
  ),
);
const t2 = Date.UTC(2023, 0, 1);
let acked = 0;
const mqttStart = performance.now();
// Each pod keeps IN_FLIGHT messages outstanding: a new one goes out as soon as one is acknowledged.
await Promise.all(
  clients.map(async (client, c) => {
    const topic = `pods/${pods[c]?.identifier}/readings`;
    let next = 0;
    const lane = async () => {
      while (next < MESSAGES) {
        const k = next++;
        const created = formatWireTime(new Date(t2 + k * 300_000));
        const payload = JSON.stringify({
          readings: SENSOR_TYPES.map((sensorType, s) => ({ sensorType, value: (k + s) % 40, created })),
        });
        await client.publishAsync(topic, payload, { qos: 1 });
        acked += 8;
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  }),
);
const mqttMs = performance.now() - mqttStart;
const stored = (await count()) - before;
await Promise.all(clients.map((c) => c.endAsync()));

const httpRate = rate(httpStored, httpMs);
const copyRate = rate(copyRows, copyMs);
const mqttRate = rate(acked, mqttMs);
console.log(`
Greenpod ingest into PostgreSQL (one run, ${new Date().toISOString()})
  raw COPY baseline       ${copyRows} rows in ${copyMs.toFixed(0)} ms = ${copyRate} rows/s
  (a) HTTP 5,000/batch    ${httpStored} readings in ${httpMs.toFixed(0)} ms = ${httpRate} readings/s   ratio to COPY ${(httpRate / copyRate).toFixed(2)} (target >= 0.30)
  (b) MQTT ${CLIENTS} clients, QoS 1, 8 readings/message, ${IN_FLIGHT} in flight each
                          ${acked} acked in ${mqttMs.toFixed(0)} ms = ${mqttRate} readings/s (target >= 30,000)   ratio to COPY ${(mqttRate / copyRate).toFixed(2)}
                          stored ${stored}, lost ${acked - stored} (acked but not stored)
`);
await sql.end();
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
await db.drop();
