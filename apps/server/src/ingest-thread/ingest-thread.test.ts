import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIVE_CHANNEL } from '../live/live-bus';
import { readingsTopic } from '../telemetry/mqtt-broker';
import { publishQos1 as publish } from '../test/mqtt-publish';
import { podWithSensors } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { startIngestThread } from './ingest-thread';

// The thread runs on PostgreSQL only (PGlite lives in the main thread): this suite runs in CI's PostgreSQL pass.
describe.skipIf(!process.env.DATABASE_URL)('the ingest thread', () => {
  let t: TestApp;
  let thread: Awaited<ReturnType<typeof startIngestThread>>;
  const ended: Error[] = [];
  let stored = 0;
  beforeAll(async () => {
    // The lag guard would open a hold of the test's own within a second.
    t = await createTestApp({ METRICS: '1', RULES_LAG_LIMIT_SECONDS: '0' });
    t.app.ingest.onStored(() => stored++);
    thread = await startIngestThread({
      ingest: t.app.ingest,
      metrics: t.app.metrics,
      log: t.app.log,
      data: {
        databaseUrl: t.db.url as string,
        queueLimit: 1_000,
        logLevel: 'silent',
        mqtt: { kind: 'embedded', port: 0, host: '127.0.0.1' },
      },
      onExit: (err) => ended.push(err),
    });
  }, 60_000);
  afterAll(async () => {
    await thread?.close();
    await t?.close();
  });

  const connect = (pod: { identifier: string; key: string }) =>
    mqtt.connectAsync(`mqtt://127.0.0.1:${thread.port}`, {
      username: pod.identifier,
      password: pod.key,
      reconnectPeriod: 0,
    });
  const reading = (value: number, minute: number) =>
    JSON.stringify({
      readings: [{ sensorType: 'TEMPERATURE', value, created: `2026-11-02 08:${String(minute).padStart(2, '0')}:00` }],
    });
  const values = async (podId: number) =>
    (
      await t.db.query<{ value: number }>('SELECT value FROM measurement WHERE pod_id = $1 ORDER BY created', [podId])
    ).map((r) => r.value);

  it('stores a message before its PUBACK, tells the process, the streams and /metrics', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    const heard: string[] = [];
    const stopListening = await t.db.listen(LIVE_CHANNEL, (payload) => payload && heard.push(payload));
    const client = await connect(pod);
    const storedBefore = stored;
    expect(await publish(client, readingsTopic(pod.identifier), reading(21.5, 0))).toBe('acked');
    expect(await values(pod.id)).toEqual([21.5]);
    // The rules engine wakes on it (rule-worker-plugin.ts), as on a commit of the main thread.
    await vi.waitFor(() => expect(stored).toBeGreaterThan(storedBefore));
    // A stream on any instance sees it (live-bus.ts).
    await vi.waitFor(() => expect(heard.join()).toContain(`[${pod.id},"TEMPERATURE",21.5,"2026-11-02 08:00:00"]`));
    await stopListening();
    // The thread's counts reach this process's /metrics within a second or so.
    await vi.waitFor(
      async () => {
        const page = await t.app.inject({ method: 'GET', url: '/metrics' });
        expect(page.body).toMatch(/greenpod_readings_stored_total\{transport="mqtt"\} [1-9]/);
        expect(page.body).toMatch(/greenpod_ingest_statement_readings_count [1-9]/);
        expect(page.body).toMatch(/greenpod_ingest_thread_eventloop_lag_p99_seconds \d/);
        // The thread's pool, beside the process's own: it stored the reading, so it holds a connection.
        expect(page.body).toMatch(/greenpod_db_pool_connections\{pool="ingest_main"\} [1-9]/);
      },
      { timeout: 5_000 },
    );
    await client.endAsync();
  });

  it('holds its PUBACKs while the rules engine is behind, and stores them once it opens', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    const client = await connect(pod);
    t.app.ingest.hold(true);
    let outcome: string | undefined;
    const sent = publish(client, readingsTopic(pod.identifier), reading(7, 1)).then((o) => {
      outcome = o;
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(outcome).toBeUndefined();
    expect(await values(pod.id)).toEqual([]);
    t.app.ingest.hold(false);
    await sent;
    expect(outcome).toBe('acked');
    expect(await values(pod.id)).toEqual([7]);
    await client.endAsync();
  });

  it('refuses a pod deactivated here at its next message, without waiting for the change feed', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    const client = await connect(pod);
    expect(await publish(client, readingsTopic(pod.identifier), reading(1, 2))).toBe('acked');
    // The feed (migration 012) reaches the thread a moment after the answer, or before it: held back here, so
    // only this process's own forgetting, handed to the thread, can refuse the next message.
    await t.db.query('ALTER TABLE pod DISABLE TRIGGER pod_changed');
    try {
      const res = await t.call('PUT', `/api/pod/${pod.id}`, { token: t.adminToken, body: { active: false } });
      expect(res.status).toBe(200);
      expect(await publish(client, readingsTopic(pod.identifier), reading(2, 3))).toBe('closed');
    } finally {
      await t.db.query('ALTER TABLE pod ENABLE TRIGGER pod_changed');
    }
    expect(await values(pod.id)).toEqual([1]);
  });

  it('has not ended by itself', () => {
    expect(ended).toEqual([]);
  });
});
