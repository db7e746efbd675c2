import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingsTopic, startEmbeddedBroker } from '../telemetry/mqtt-broker';
import { podWithSensors } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { DEPTH_COUNTED_UP_TO } from './scrape-gauges';
import { parseExposition, sampleValue } from './test/exposition';

// The database refuses this value (a CHECK this file adds), as telemetry/ingest-isolation.test.ts does.
const REFUSED_BY_DATABASE = 666;

let t: TestApp;
let broker: Awaited<ReturnType<typeof startEmbeddedBroker>>;
let pod: Awaited<ReturnType<typeof podWithSensors>>;

beforeAll(async () => {
  // No rules worker: the rules queue keeps what ingest leaves in it, for the gauges to count.
  t = await createTestApp({ METRICS: '1', RULES_WORKER: '0' });
  broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', ingest: t.app.ingest, log: t.app.log });
  pod = await podWithSensors(t, ['TEMPERATURE', 'HUMIDITY']);
  await t.db.query(`ALTER TABLE measurement ADD CONSTRAINT test_refused_value CHECK (value <> ${REFUSED_BY_DATABASE})`);
});
afterAll(async () => {
  await broker?.close();
  await t?.close();
});

const scrape = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  return parseExposition(res.body);
};
/** The change of each named sample across `work`. */
async function changeOf(samples: Record<string, [string, Record<string, string>]>, work: () => Promise<unknown>) {
  const read = (f: Awaited<ReturnType<typeof scrape>>) =>
    Object.fromEntries(Object.entries(samples).map(([k, [name, labels]]) => [k, sampleValue(f, name, labels) ?? 0]));
  const before = read(await scrape());
  await work();
  const after = read(await scrape());
  return Object.fromEntries(Object.keys(samples).map((k) => [k, (after[k] ?? 0) - (before[k] ?? 0)]));
}
const readings = {
  httpStored: ['greenpod_readings_stored_total', { transport: 'http' }],
  httpDuplicate: ['greenpod_readings_duplicate_total', { transport: 'http' }],
  httpInvalid: ['greenpod_readings_refused_total', { transport: 'http', reason: 'invalid' }],
  httpDatabase: ['greenpod_readings_refused_total', { transport: 'http', reason: 'database' }],
  mqttStored: ['greenpod_readings_stored_total', { transport: 'mqtt' }],
  mqttDuplicate: ['greenpod_readings_duplicate_total', { transport: 'mqtt' }],
  mqttInvalid: ['greenpod_readings_refused_total', { transport: 'mqtt', reason: 'invalid' }],
  statements: ['greenpod_ingest_statement_duration_seconds_count', {}],
  statementReadings: ['greenpod_ingest_statement_readings_sum', {}],
} satisfies Record<string, [string, Record<string, string>]>;

const post = (body: unknown, auth = `Pod ${pod.identifier}:${pod.key}`) =>
  t.call('POST', '/api/ingest', { body, headers: { authorization: auth } });
const at = (minute: number) => `2026-03-01 10:${String(minute).padStart(2, '0')}:00`;

describe('the metrics move with real work', () => {
  it('counts readings stored over HTTP exactly, and a resend as duplicates', async () => {
    const batch = {
      readings: [
        { sensorType: 'TEMPERATURE', value: 20, created: at(0) },
        { sensorType: 'TEMPERATURE', value: 21, created: at(1) },
        { sensorType: 'HUMIDITY', value: 40, created: at(0) },
      ],
    };
    const change = await changeOf(readings, async () => {
      expect((await post(batch)).body.data).toEqual({ stored: 3, duplicates: 0, rejected: [] });
      expect((await post(batch)).body.data).toEqual({ stored: 0, duplicates: 3, rejected: [] });
    });
    expect(change).toEqual({
      ...zero(readings),
      httpStored: 3,
      httpDuplicate: 3,
      statements: 2,
      statementReadings: 6,
    });
  });

  it('counts refused readings by reason: invalid, and refused by the database', async () => {
    const change = await changeOf(readings, async () => {
      const res = await post({
        readings: [
          { sensorType: 'TEMPERATURE', value: 22, created: at(2) },
          { sensorType: 'TEMPERATURE', value: 'warm', created: at(3) },
          { sensorType: 'CO2', value: 400, created: at(3) },
          { sensorType: 'TEMPERATURE', value: REFUSED_BY_DATABASE, created: at(4) },
        ],
      });
      expect(res.body.data).toMatchObject({ stored: 1, duplicates: 0 });
      expect((res.body.data as { rejected: unknown[] }).rejected).toHaveLength(3);
    });
    // The statement the database refused is tried again in halves (telemetry/group-commit.ts): only the half
    // that committed is timed.
    expect(change).toEqual({
      ...zero(readings),
      httpStored: 1,
      httpInvalid: 2,
      httpDatabase: 1,
      statements: 1,
      statementReadings: 1,
    });
  });

  it('counts readings stored through MQTT under their own transport', async () => {
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
      username: pod.identifier,
      password: pod.key,
      reconnectPeriod: 0,
    });
    const payload = JSON.stringify({
      readings: [
        { sensorType: 'TEMPERATURE', value: 23, created: at(10) },
        { sensorType: 'HUMIDITY', value: 41, created: at(10) },
        { sensorType: 'TEMPERATURE', value: null, created: at(11) },
      ],
    });
    const change = await changeOf(readings, async () => {
      // QoS 1: the PUBACK leaves after the commit, so the counters have moved when it is back.
      await client.publishAsync(readingsTopic(pod.identifier), payload, { qos: 1 });
      await client.publishAsync(readingsTopic(pod.identifier), payload, { qos: 1 });
    });
    await client.endAsync();
    expect(change).toEqual({
      ...zero(readings),
      mqttStored: 2,
      mqttDuplicate: 2,
      mqttInvalid: 2,
      statements: 2,
      statementReadings: 4,
    });
  });

  it('counts ingest requests refused whole, by reason', async () => {
    const refusals = {
      unauthorized: ['greenpod_ingest_requests_refused_total', { transport: 'http', reason: 'unauthorized' }],
      malformed: ['greenpod_ingest_requests_refused_total', { transport: 'http', reason: 'malformed' }],
      stored: ['greenpod_readings_stored_total', { transport: 'http' }],
    } satisfies Record<string, [string, Record<string, string>]>;
    const change = await changeOf(refusals, async () => {
      expect((await post({ readings: [] }, `Pod ${pod.identifier}:wrong-key`)).status).toBe(401);
      expect((await post({ readings: [] }, 'Bearer nothing')).status).toBe(401);
      expect((await post({ readings: 'none' })).status).toBe(400);
    });
    expect(change).toEqual({ unauthorized: 2, malformed: 1, stored: 0 });
  });

  it("times requests by their route's pattern, never the URL itself", async () => {
    const route = (path: string, status: string): [string, Record<string, string>] => [
      'greenpod_http_request_duration_seconds_count',
      { method: 'GET', route: path, status_code: status },
    ];
    const change = await changeOf(
      {
        pod: route('/api/pod/:id', '200'),
        missing: route('/api/pod/:id', '404'),
        unmatched: route('(unmatched)', '404'),
      },
      async () => {
        expect((await t.call('GET', `/api/pod/${pod.id}`, { token: t.adminToken })).status).toBe(200);
        expect((await t.call('GET', '/api/pod/987654', { token: t.adminToken })).status).toBe(404);
        expect((await t.call('GET', '/api/no-such-thing/4242')).status).toBe(404);
      },
    );
    expect(change).toEqual({ pod: 1, missing: 1, unmatched: 1 });
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    // With their slash: a sample's value (a float of many digits) may hold the same digits.
    expect(text).not.toMatch(/\/987654|\/4242|route="\/api\/pod\/\d/);
  });

  it('counts the readings of a batch the store could not take, and reads NaN for queues it cannot read', async () => {
    const unavailable = {
      readings: ['greenpod_readings_refused_total', { transport: 'http', reason: 'unavailable' }],
      requests: ['greenpod_ingest_requests_refused_total', { transport: 'http', reason: 'unavailable' }],
      stored: ['greenpod_readings_stored_total', { transport: 'http' }],
    } satisfies Record<string, [string, Record<string, string>]>;
    // Not a fault of the data: the whole batch is refused with 503, to be sent again.
    await t.db.query('ALTER TABLE rule_evaluation_queue RENAME TO rule_evaluation_queue_away');
    try {
      const change = await changeOf(unavailable, async () => {
        const res = await post({
          readings: [
            { sensorType: 'TEMPERATURE', value: 24, created: at(20) },
            { sensorType: 'HUMIDITY', value: 42, created: at(20) },
          ],
        });
        expect(res.status).toBe(503);
      });
      expect(change).toEqual({ readings: 2, requests: 1, stored: 0 });
      expect(sampleValue(await scrape(), 'greenpod_rules_queue_depth')).toBeNaN();
    } finally {
      await t.db.query('ALTER TABLE rule_evaluation_queue_away RENAME TO rule_evaluation_queue');
    }
    expect(sampleValue(await scrape(), 'greenpod_rules_queue_depth')).toBeGreaterThan(0);
  });

  it('reads the rules and mail queues and the connections at scrape time', async () => {
    await t.db.query(
      "INSERT INTO mail_queue (to_address, subject, body, created) VALUES ('a@greenpod.test', 's', 'b', now() - interval '1 hour')",
    );
    const [queue] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM rule_evaluation_queue');
    const [mail] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_queue');
    const f = await scrape();
    // Ingest above left one row per pod, sensor type and batch, and no worker runs here.
    expect(queue?.n).toBeGreaterThan(0);
    expect(queue?.n).toBeLessThan(DEPTH_COUNTED_UP_TO);
    expect(sampleValue(f, 'greenpod_rules_queue_depth')).toBe(queue?.n);
    expect(sampleValue(f, 'greenpod_rules_queue_lag_seconds')).toBeGreaterThan(0);
    expect(sampleValue(f, 'greenpod_mail_queue_depth')).toBe(mail?.n);
    expect(sampleValue(f, 'greenpod_mail_queue_lag_seconds')).toBeGreaterThanOrEqual(3600);
    expect(sampleValue(f, 'greenpod_ingest_pending_readings')).toBe(0);

    const pools = f.get('greenpod_db_pool_connections')?.samples.map((s) => s.labels.pool ?? '');
    expect(pools).toEqual(t.db.kind === 'pglite' ? ['pglite'] : ['main', 'reads']);
    for (const pool of pools ?? []) {
      const total = sampleValue(f, 'greenpod_db_pool_connections', { pool }) ?? -1;
      expect(sampleValue(f, 'greenpod_db_pool_idle_connections', { pool })).toBeLessThanOrEqual(total);
      expect(sampleValue(f, 'greenpod_db_pool_waiting_clients', { pool })).toBeGreaterThanOrEqual(0);
    }
    // The main pool has served every query above; PGlite always has its one connection.
    expect(sampleValue(f, 'greenpod_db_pool_connections', { pool: pools?.[0] ?? '' })).toBeGreaterThanOrEqual(1);
    // Nothing else runs here (no rules worker): the scrape's own queue query is not counted as busy.
    if (t.db.kind === 'pglite') {
      expect(sampleValue(f, 'greenpod_db_pool_idle_connections', { pool: 'pglite' })).toBe(1);
      expect(sampleValue(f, 'greenpod_db_pool_waiting_clients', { pool: 'pglite' })).toBe(0);
    }
  });
});

const zero = (o: object) => Object.fromEntries(Object.keys(o).map((k) => [k, 0]));
