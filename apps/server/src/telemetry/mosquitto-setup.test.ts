import { statSync } from 'node:fs';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReadmeMosquitto, startReadmeMosquitto } from '../mosquitto-process';
import { mosquittoAvailable } from '../test/mosquitto';
import { podWithSensors } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { brokerCredentialsAtStart } from './broker-credentials';
import { readingsTopic } from './mqtt-broker';
import { startExternalSubscriber } from './mqtt-subscriber';

/**
 * README "An external Mosquitto", steps 2-4, in a temporary folder (test/readme-mosquitto.ts): Debian's layout,
 * the repository's drop-in, the files made with the README's commands, and Greenpod rewriting them and
 * reloading the broker. As root (CI) the broker drops to Debian's `mosquitto` user and reads the files through
 * their group, as the packaged service does.
 */
const SUBSCRIBER = { user: 'greenpod', password: 'setup-subscriber-password-0123' };

let broker: ReadmeMosquitto;
let t: TestApp;
let subscriber: { close(o?: { endSession?: boolean }): Promise<unknown> } | undefined;

const until = async (what: string, check: () => Promise<boolean>) => {
  const deadline = Date.now() + 25_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting: ${what}`);
};
const connect = (username: string, password: string, protocolVersion: 4 | 5 = 5) =>
  mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
    username,
    password,
    protocolVersion,
    reconnectPeriod: 0,
    connectTimeout: 2000,
  });
const accepted = async (username: string, password: string) => {
  try {
    (await connect(username, password)).end(true);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  if (!mosquittoAvailable) return;
  broker = await startReadmeMosquitto(SUBSCRIBER);
  t = await createTestApp(broker.env);
  expect(await brokerCredentialsAtStart(t.app)).toBeNull();
  await until('the subscriber is accepted', () => accepted(SUBSCRIBER.user, SUBSCRIBER.password));
  subscriber = await startExternalSubscriber({
    url: t.config.MQTT_URL as string,
    clientId: 'greenpod-setup-test',
    ingest: t.app.ingest,
    log: t.app.log,
  });
});
afterAll(async () => {
  await subscriber?.close({ endSession: true });
  await broker?.stop();
  await t?.close();
});

describe.skipIf(!mosquittoAvailable)('the README set-up of Debian Mosquitto', { timeout: 60_000 }, () => {
  it('files the broker reads through its group, reloaded after a change, and a pod refused on another pod’s topic', async () => {
    const a = await podWithSensors(t, ['TEMPERATURE']);
    const b = await podWithSensors(t, ['TEMPERATURE']);
    for (const f of ['passwd', 'acl']) {
      const st = statSync(join(broker.files, f));
      expect(st.mode & 0o777).toBe(0o640);
      if (broker.gid !== undefined) expect(st.gid).toBe(broker.gid);
    }
    await until('pod A is accepted after the reload', () => accepted(a.identifier, a.key));
    await until('pod B is accepted after the reload', () => accepted(b.identifier, b.key));

    const reading = (minute: number) =>
      JSON.stringify({
        readings: [{ sensorType: 'TEMPERATURE', value: minute, created: `2026-03-01 10:0${minute}:00` }],
      });
    // MQTT 3.1.1 has no reason codes: Mosquitto acknowledges the refused message like any other.
    const v311 = await connect(a.identifier, a.key, 4);
    await v311.publishAsync(readingsTopic(b.identifier), reading(1), { qos: 1 });
    await v311.publishAsync(readingsTopic(a.identifier), reading(2), { qos: 1 });
    await v311.endAsync();
    // MQTT 5: PUBACK 135, not authorised.
    const v5 = await connect(a.identifier, a.key, 5);
    await expect(v5.publishAsync(readingsTopic(b.identifier), reading(3), { qos: 1 })).rejects.toThrow(/authori/i);
    await v5.publishAsync(readingsTopic(a.identifier), reading(4), { qos: 1 });
    await v5.endAsync();

    const values = async (podId: number) =>
      (
        await t.db.query<{ value: number }>('SELECT value FROM measurement WHERE pod_id = $1 ORDER BY value', [podId])
      ).map((r) => Number(r.value));
    await until('pod A’s readings are stored', async () => (await values(a.id)).length === 2);
    expect(await values(a.id)).toEqual([2, 4]);
    expect(await values(b.id)).toEqual([]);
  });
});
