import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { MAX_BATCH_READINGS } from '@greenpod/contracts';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishQos1 as publish } from '../test/mqtt-publish';
import { podWithSensors } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { readingsTopic, startEmbeddedBroker } from './mqtt-broker';

let t: TestApp;
let broker: Awaited<ReturnType<typeof startEmbeddedBroker>>;
let a: Awaited<ReturnType<typeof podWithSensors>>;
let b: Awaited<ReturnType<typeof podWithSensors>>;

beforeAll(async () => {
  t = await createTestApp();
  broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', ingest: t.app.ingest, log: t.app.log });
  a = await podWithSensors(t, ['TEMPERATURE', 'HUMIDITY']);
  b = await podWithSensors(t, ['TEMPERATURE']);
});
afterAll(async () => {
  await broker?.close();
  await t?.close();
});

const connect = (username: string, password: string) =>
  mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
    username,
    password,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
const count = async (podId: number) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM measurement WHERE pod_id = $1', [podId]))[0]?.n;

describe('MQTT ingest through the embedded broker', () => {
  it('stores a QoS 1 message before its PUBACK, and a resend once', async () => {
    const client = await connect(a.identifier, a.key);
    const payload = JSON.stringify({
      readings: [
        { sensorType: 'TEMPERATURE', value: 22, created: '2026-02-01 08:00:00' },
        { sensorType: 'HUMIDITY', value: 40, created: '2026-02-01 08:00:00' },
      ],
    });
    await client.publishAsync(readingsTopic(a.identifier), payload, { qos: 1 });
    // The PUBACK has arrived: the readings must already be committed.
    expect(await count(a.id)).toBe(2);
    await client.publishAsync(readingsTopic(a.identifier), payload, { qos: 1 });
    expect(await count(a.id)).toBe(2);
    const [h] = await t.db.query<{ n: number }>(
      'SELECT sum(count)::int AS n FROM measurement_hourly WHERE pod_id = $1',
      [a.id],
    );
    expect(h?.n).toBe(2);
    await client.endAsync();
  });

  it('stores once a message without created that the pod resends with DUP and the same message id', async () => {
    // The pod numbers every message 7: its resend carries the id of the message whose PUBACK it missed.
    const sameId: NonNullable<mqtt.IClientOptions['messageIdProvider']> = {
      allocate: () => 7,
      getLastAllocated: () => 7,
      register: () => true,
      deallocate: () => undefined,
      clear: () => undefined,
    };
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
      username: b.identifier,
      password: b.key,
      reconnectPeriod: 0,
      messageIdProvider: sameId,
    });
    const before = await count(b.id);
    const payload = JSON.stringify({ readings: [{ sensorType: 'TEMPERATURE', value: 19 }] });
    await client.publishAsync(readingsTopic(b.identifier), payload, { qos: 1 });
    // A later arrival time, were the resend taken for a new message.
    await new Promise((r) => setTimeout(r, 1100));
    await client.publishAsync(readingsTopic(b.identifier), payload, { qos: 1, dup: true });
    expect(await count(b.id)).toBe((before ?? 0) + 1);
    // Not a resend (no DUP): a new reading at its own arrival time.
    await client.publishAsync(readingsTopic(b.identifier), payload, { qos: 1 });
    expect(await count(b.id)).toBe((before ?? 0) + 2);
    await client.endAsync();
  });

  it('refuses a message over 256 KB without storing it', async () => {
    const client = await connect(a.identifier, a.key);
    const before = await count(a.id);
    const readings = Array.from({ length: 4000 }, (_, i) => ({
      sensorType: 'TEMPERATURE',
      value: i,
      created: '2026-02-02 00:00:00',
      note: 'x'.repeat(60),
    }));
    await client.publishAsync(readingsTopic(a.identifier), JSON.stringify({ readings }), { qos: 1 });
    expect(await count(a.id)).toBe(before);
    await client.endAsync();
  });

  it('refuses a wrong key at connect', async () => {
    await expect(connect(a.identifier, 'not-the-key')).rejects.toThrow();
  });

  it('does not let a pod publish as another pod', async () => {
    const before = await count(b.id);
    const client = await connect(a.identifier, a.key);
    const closed = new Promise<void>((ok) => client.once('close', () => ok()));
    client.publish(
      readingsTopic(b.identifier),
      JSON.stringify({ readings: [{ sensorType: 'TEMPERATURE', value: 99 }] }),
      { qos: 1 },
    );
    await closed;
    expect(await count(b.id)).toBe(before);
    client.end(true);
  });

  it("accepts Debian's mosquitto_pub as a pod", async () => {
    const bin = '/usr/bin/mosquitto_pub';
    if (!existsSync(bin)) {
      // CI installs mosquitto-clients; a developer machine may not have it.
      expect(process.env.CI, 'mosquitto_pub must be installed in CI').toBeFalsy();
      return;
    }
    const before = await count(b.id);
    await promisify(execFile)(bin, [
      '-h',
      '127.0.0.1',
      '-p',
      String(broker.port),
      '-u',
      b.identifier,
      '-P',
      b.key,
      '-q',
      '1',
      '-t',
      readingsTopic(b.identifier),
      '-m',
      JSON.stringify({ readings: [{ sensorType: 'TEMPERATURE', value: 18.5 }] }),
    ]);
    expect(await count(b.id)).toBe((before ?? 0) + 1);
  });

  it('acknowledges a message holding a reading the database cannot store, and stores the rest', async () => {
    const client = await connect(b.identifier, b.key);
    const before = await count(b.id);
    const payload = JSON.stringify({
      readings: [
        { sensorType: 'TEMPERATURE', value: 17, created: '0000-01-01 00:00:00' },
        { sensorType: 'TEMPERATURE', value: 1.7e308, created: '2026-02-03 10:00:00' },
        { sensorType: 'TEMPERATURE', value: '0x10', created: '2026-02-03 10:01:00' },
        { sensorType: 'TEMPERATURE', value: 17.5, created: '2026-02-03 10:02:00' },
      ],
    });
    expect(await publish(client, readingsTopic(b.identifier), payload)).toBe('acked');
    expect(await count(b.id)).toBe((before ?? 0) + 1);
    await client.endAsync();
  });

  it('refuses a message over the batch limit whole, acknowledged so it is not resent', async () => {
    const client = await connect(a.identifier, a.key);
    const before = await count(a.id);
    // Small readings (no time: all "now"), so the message stays under the byte limit.
    const readings = Array.from({ length: MAX_BATCH_READINGS + 1 }, (_, i) => ({
      sensorType: 'TEMPERATURE',
      value: i,
    }));
    expect(await publish(client, readingsTopic(a.identifier), JSON.stringify({ readings }))).toBe('acked');
    expect(await count(a.id)).toBe(before);
    await client.endAsync();
  });

  it('refuses a pod deactivated while connected at its next message, and at sign-in', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    const client = await connect(pod.identifier, pod.key);
    const reading = (minute: number) =>
      JSON.stringify({ readings: [{ sensorType: 'TEMPERATURE', value: 1, created: `2026-02-05 10:0${minute}:00` }] });
    expect(await publish(client, readingsTopic(pod.identifier), reading(0))).toBe('acked');
    expect((await t.call('PUT', `/api/pod/${pod.id}`, { token: t.adminToken, body: { active: false } })).status).toBe(
      200,
    );
    expect(await publish(client, readingsTopic(pod.identifier), reading(1))).toBe('closed');
    client.end(true);
    expect(await count(pod.id)).toBe(1);
    await expect(connect(pod.identifier, pod.key)).rejects.toThrow();
  });
});
