import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podWithSensors } from '../test/pod-fixture';
import { freePort } from '../test/server-process';
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

beforeAll(async () => {
  if (!available) return;
  t = await createTestApp();
  const port = await freePort();
  dir = mkdtempSync(join(tmpdir(), 'greenpod-mosquitto-'));
  writeFileSync(join(dir, 'mosquitto.conf'), `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
  broker = spawn(MOSQUITTO, ['-c', join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
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
    const a = await startExternalSubscriber({ url, ingest: t.app.ingest, log: t.app.log });
    const b = await startExternalSubscriber({ url, ingest: t.app.ingest, log: t.app.log });
    const device = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
    for (let i = 0; i < 40; i++) {
      const created = new Date(Date.UTC(2026, 3, 1) + i * 60_000).toISOString();
      await device.publishAsync(readingsTopic(pod.identifier), JSON.stringify({ readings: [{ sensorType: 'TEMPERATURE', value: i, created }] }), { qos: 1 });
    }
    let n = 0;
    for (let i = 0; i < 100 && n < 40; i++) {
      await new Promise((r) => setTimeout(r, 50));
      n = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM measurement WHERE pod_id = $1', [pod.id]))[0]?.n ?? 0;
    }
    expect(n).toBe(40);
    await device.endAsync();
    await a.close();
    await b.close();
  });
});
