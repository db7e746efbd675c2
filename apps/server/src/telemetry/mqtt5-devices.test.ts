import { connect } from 'node:net';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ReadmeMosquitto, startReadmeMosquitto } from '../mosquitto-process';
import { mosquittoAvailable } from '../test/mosquitto';
import { podWithSensors } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { brokerCredentialsAtStart } from './broker-credentials';
import { readingsTopic, startEmbeddedBroker } from './mqtt-broker';
import { startExternalSubscriber } from './mqtt-subscriber';

/**
 * Devices speaking MQTT 5 (README: Pointing real pods at the server): through an external Mosquitto with
 * Greenpod's files they work; the embedded broker (aedes 1.x) speaks 3.1.1 only and refuses them at CONNECT.
 */
const SUBSCRIBER = { user: 'greenpod', password: 'mqtt5-subscriber-password-0123' };
let t: TestApp;
let broker: ReadmeMosquitto | undefined;
let subscriber: { close(o?: { endSession?: boolean }): Promise<unknown> } | undefined;
let embedded: Awaited<ReturnType<typeof startEmbeddedBroker>> | undefined;

beforeAll(async () => {
  if (mosquittoAvailable) broker = await startReadmeMosquitto(SUBSCRIBER);
  t = await createTestApp(broker?.env ?? {});
  embedded = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', ingest: t.app.ingest, log: t.app.log });
  if (!broker) return;
  expect(await brokerCredentialsAtStart(t.app)).toBeNull();
  subscriber = await startExternalSubscriber({
    url: broker.env.MQTT_URL,
    clientId: 'greenpod-mqtt5-test',
    ingest: t.app.ingest,
    log: t.app.log,
  });
});
afterAll(async () => {
  await subscriber?.close({ endSession: true });
  await embedded?.close();
  await broker?.stop();
  await t?.close();
});

const device = (port: number, pod: { identifier: string; key: string }, protocolVersion: 4 | 5) =>
  mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    username: pod.identifier,
    password: pod.key,
    protocolVersion,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
const stored = async (podId: number) =>
  (
    await t.db.query<{ sensor_type: string; value: number }>(
      'SELECT sensor_type, value FROM measurement WHERE pod_id = $1 ORDER BY sensor_type',
      [podId],
    )
  ).map((r) => [r.sensor_type, Number(r.value)]);

/** Sends a bare MQTT 5 CONNECT (level 5, clean start, no properties, client id "v5") and answers the bytes back. */
function answerToV5Connect(port: number) {
  const body = [0, 4, ...Buffer.from('MQTT'), 5, 0x02, 0, 60, 0, 0, 2, ...Buffer.from('v5')];
  return new Promise<number[]>((done, fail) => {
    const bytes: number[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.write(Buffer.from([0x10, body.length, ...body])));
    socket.on('data', (d) => bytes.push(...d));
    socket.on('error', fail);
    socket.on('close', () => done(bytes));
  });
}

describe('MQTT 5 devices', () => {
  it.skipIf(!mosquittoAvailable)('publish through the external Mosquitto and their readings are stored', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE', 'HUMIDITY']);
    // The pod was made after the files were last written: its key reaches the broker with the reload.
    const port = (broker as ReadmeMosquitto).port;
    const client = await vi.waitFor(() => device(port, pod, 5), { timeout: 10_000, interval: 100 });
    // A v5 PUBACK carries a reason code: 0, success (a refusal would reject with it).
    const ack = await client.publishAsync(
      readingsTopic(pod.identifier),
      JSON.stringify({
        readings: [
          { sensorType: 'TEMPERATURE', value: 21.5, created: '2026-05-01 10:00:00' },
          { sensorType: 'HUMIDITY', value: 44, created: '2026-05-01 10:00:00' },
        ],
      }),
      { qos: 1, properties: { messageExpiryInterval: 3600, contentType: 'application/json' } },
    );
    expect((ack as { reasonCode?: number } | undefined)?.reasonCode ?? 0).toBe(0);
    await client.endAsync();
    await vi.waitFor(async () => expect(await stored(pod.id)).toHaveLength(2), { timeout: 10_000, interval: 100 });
    expect(await stored(pod.id)).toEqual([
      ['HUMIDITY', 44],
      ['TEMPERATURE', 21.5],
    ]);
  });

  it('are refused by the embedded broker with a 3.1.1 CONNACK, return code 1 (not v5’s 132); 3.1.1 gets in', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    const port = (embedded as { port: number }).port;
    // What a v5 device library reports: mqtt.js reads the answer as "unacceptable protocol version".
    await expect(device(port, pod, 5)).rejects.toMatchObject({
      code: 1,
      message: expect.stringMatching(/protocol version/i),
    });
    // On the wire: the 3.1.1 form (remaining length 2, return code 1), then the connection closes.
    expect(await answerToV5Connect(port)).toEqual([0x20, 0x02, 0x00, 0x01]);
    const v311 = await device(port, pod, 4);
    await v311.publishAsync(
      readingsTopic(pod.identifier),
      JSON.stringify({ readings: [{ sensorType: 'TEMPERATURE', value: 19, created: '2026-05-01 10:00:00' }] }),
      { qos: 1 },
    );
    await v311.endAsync();
    expect(await stored(pod.id)).toEqual([['TEMPERATURE', 19]]);
  });
});
