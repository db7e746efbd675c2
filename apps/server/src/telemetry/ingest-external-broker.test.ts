import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_BATCH_READINGS } from '@greenpod/contracts';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../server-process';
import { podWithSensors } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { readingsTopic } from './mqtt-broker';
import { startExternalSubscriber } from './mqtt-subscriber';

/** MQTT_URL mode against Debian's Mosquitto: two instances share the topic and store each message once. */
const MOSQUITTO = '/usr/sbin/mosquitto';
const available = existsSync(MOSQUITTO);
if (!available && process.env.CI) throw new Error('CI must install mosquitto');

let t: TestApp;
let broker: ChildProcess;
let url: string;
let dir: string;
// What Mosquitto logs (log_dest stderr): the connections each client made.
let brokerLog = '';

beforeAll(async () => {
  if (!available) return;
  // The rules engine's lag bound would open a hold of a test's own within a second.
  t = await createTestApp({ RULES_LAG_LIMIT_SECONDS: '0' });
  const port = await freePort();
  dir = mkdtempSync(join(tmpdir(), 'greenpod-mosquitto-'));
  writeFileSync(
    join(dir, 'mosquitto.conf'),
    `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\nlog_dest stderr\n`,
  );
  broker = spawn(MOSQUITTO, ['-c', join(dir, 'mosquitto.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  broker.stderr?.on('data', (chunk: Buffer) => {
    brokerLog += chunk.toString();
  });
  url = `mqtt://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    try {
      (await mqtt.connectAsync(url, { reconnectPeriod: 0 })).end(true);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
});
afterAll(async () => {
  broker?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

describe.skipIf(!available)('external broker (MQTT_URL)', () => {
  it('splits a shared subscription between two instances and stores every message once', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    const a = await startExternalSubscriber({ url, clientId: 'greenpod-a', ingest: t.app.ingest, log: t.app.log });
    const b = await startExternalSubscriber({ url, clientId: 'greenpod-b', ingest: t.app.ingest, log: t.app.log });
    const device = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
    for (let i = 0; i < 40; i++) {
      const created = new Date(Date.UTC(2026, 3, 1) + i * 60_000).toISOString();
      await device.publishAsync(
        readingsTopic(pod.identifier),
        JSON.stringify({ readings: [{ sensorType: 'TEMPERATURE', value: i, created }] }),
        { qos: 1 },
      );
    }
    let n = 0;
    for (let i = 0; i < 100 && n < 40; i++) {
      await new Promise((r) => setTimeout(r, 50));
      n =
        (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM measurement WHERE pod_id = $1', [pod.id]))[0]
          ?.n ?? 0;
    }
    expect(n).toBe(40);
    await device.endAsync();
    await a.close({ endSession: true });
    await b.close({ endSession: true });
  });

  it('stores the valid readings of a message holding one the database cannot store, and refuses an oversized batch whole', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    const sub = await startExternalSubscriber({ url, clientId: 'greenpod-a', ingest: t.app.ingest, log: t.app.log });
    const device = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
    const topic = readingsTopic(pod.identifier);
    const tooMany = Array.from({ length: MAX_BATCH_READINGS + 1 }, (_, i) => ({ sensorType: 'TEMPERATURE', value: i }));
    await device.publishAsync(topic, JSON.stringify({ readings: tooMany }), { qos: 1 });
    await device.publishAsync(
      topic,
      JSON.stringify({
        readings: [
          { sensorType: 'TEMPERATURE', value: 1, created: '0000-01-01 00:00:00' },
          { sensorType: 'TEMPERATURE', value: 2, created: '2026-04-02 10:00:00' },
        ],
      }),
      { qos: 1 },
    );
    // Delivered in order, so the oversized batch was handled before the readings waited for below.
    await device.publishAsync(
      topic,
      JSON.stringify({ readings: [{ sensorType: 'TEMPERATURE', value: 3, created: '2026-04-02 10:05:00' }] }),
      { qos: 1 },
    );
    const stored = async () =>
      (
        await t.db.query<{ value: number }>('SELECT value FROM measurement WHERE pod_id = $1 ORDER BY created', [
          pod.id,
        ])
      ).map((r) => r.value);
    await vi.waitFor(async () => expect(await stored()).toEqual(expect.arrayContaining([2, 3])), { timeout: 10_000 });
    expect(await stored()).toEqual([2, 3]);
    await device.endAsync();
    await sub.close({ endSession: true });
  });

  it('keeps a message unacknowledged on the same connection while ingest is held shut, and stores it once it opens', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    const clientId = 'greenpod-held';
    const connections = () =>
      brokerLog.split('\n').filter((l) => l.includes(`New client connected`) && l.includes(` as ${clientId} `)).length;
    const sub = await startExternalSubscriber({ url, clientId, ingest: t.app.ingest, log: t.app.log });
    const device = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
    const count = async () =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM measurement WHERE pod_id = $1', [pod.id]))[0]?.n;
    t.app.ingest.hold(true);
    try {
      await device.publishAsync(
        readingsTopic(pod.identifier),
        JSON.stringify({ readings: [{ sensorType: 'TEMPERATURE', value: 7, created: '2026-04-03 10:00:00' }] }),
        { qos: 1 },
      );
      // Refused instead of held, the message would drop the connection so the broker resends it, once a second
      // (mqtt.js' reconnect period) for as long as ingest stays shut.
      await new Promise((r) => setTimeout(r, 2_500));
      expect(await count()).toBe(0);
      expect(connections()).toBe(1);
    } finally {
      t.app.ingest.hold(false);
    }
    await vi.waitFor(async () => expect(await count()).toBe(1), { timeout: 10_000 });
    expect(connections()).toBe(1);
    await device.endAsync();
    await sub.close({ endSession: true });
  });
});
