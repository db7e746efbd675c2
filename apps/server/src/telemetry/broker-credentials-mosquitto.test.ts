import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { RESOURCE_BY_NAME, type Resource } from '@greenpod/contracts';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../server-process';
import { buildBody } from '../test/factory';
import { podWithSensors } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { brokerCredentialsAtStart } from './broker-credentials';
import { readingsTopic } from './mqtt-broker';
import { startExternalSubscriber } from './mqtt-subscriber';

/**
 * MQTT_URL mode against Debian's Mosquitto, which knows the pods only from the password and ACL files
 * Greenpod writes: each pod publishes on its own topic alone, and a rotated, deactivated or deleted
 * pod's key stops working there.
 */
const MOSQUITTO = '/usr/sbin/mosquitto';
const available = existsSync(MOSQUITTO);
if (!available && process.env.CI) throw new Error('CI must install mosquitto');

const SUBSCRIBER = { user: 'greenpod', password: 'subscriber-password-0123456789' };
let t: TestApp;
let broker: ChildProcess;
let port: number;
let dir: string;
let subscriber: { close(): Promise<unknown> } | undefined;

// Mosquitto rereads its files some time after the SIGHUP: wait on a clock, not a count of tries, since
// each try (a CONNECT) takes longer on a busy machine.
const until = async (what: string, check: () => Promise<boolean>) => {
  const deadline = Date.now() + 25_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting: ${what}`);
};
const connect = (username: string, password: string) =>
  mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    username,
    password,
    reconnectPeriod: 0,
    protocolVersion: 5,
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
const reading = (value: number) =>
  JSON.stringify({
    readings: [{ sensorType: 'TEMPERATURE', value, created: new Date(Date.UTC(2026, 3, 1, 0, value)).toISOString() }],
  });
const values = async (podId: number) =>
  (await t.db.query<{ value: number }>('SELECT value FROM measurement WHERE pod_id = $1 ORDER BY value', [podId])).map(
    (r) => Number(r.value),
  );

beforeAll(async () => {
  if (!available) return;
  port = await freePort();
  dir = mkdtempSync(join(tmpdir(), 'greenpod-mosquitto-auth-'));
  const [passwordFile, aclFile] = [join(dir, 'passwd'), join(dir, 'acl')];
  // Mosquitto refuses to start without its password file; Greenpod fills both once it runs.
  writeFileSync(passwordFile, '', { mode: 0o600 });
  writeFileSync(aclFile, '', { mode: 0o600 });
  const conf = [
    `listener ${port} 127.0.0.1`,
    'persistence false',
    `password_file ${passwordFile}`,
    `acl_file ${aclFile}`,
    `user ${userInfo().username}`,
  ];
  writeFileSync(join(dir, 'mosquitto.conf'), `${conf.join('\n')}\n`);
  broker = spawn(MOSQUITTO, ['-c', join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
  // Up once it answers a CONNECT at all (it refuses this one): a SIGHUP before then would end it.
  await until('Mosquitto listens', async () => {
    try {
      (await connect('nobody', 'nothing')).end(true);
      return true;
    } catch (err) {
      return (err as NodeJS.ErrnoException).code !== 'ECONNREFUSED';
    }
  });
  t = await createTestApp({
    MQTT_URL: `mqtt://${SUBSCRIBER.user}:${SUBSCRIBER.password}@127.0.0.1:${port}`,
    MQTT_PASSWORD_FILE: passwordFile,
    MQTT_ACL_FILE: aclFile,
    MQTT_RELOAD_COMMAND: `kill -HUP ${broker.pid}`,
  });
  // What server.ts does at start, before it subscribes.
  expect(await brokerCredentialsAtStart(t.app)).toBeNull();
  await until('the subscriber is accepted', () => accepted(SUBSCRIBER.user, SUBSCRIBER.password));
  subscriber = await startExternalSubscriber({
    url: t.config.MQTT_URL as string,
    clientId: 'greenpod-credentials-test',
    ingest: t.app.ingest,
    log: t.app.log,
  });
});
afterAll(async () => {
  await subscriber?.close();
  broker?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

describe.skipIf(!available)(
  'external broker credentials (Mosquitto password and ACL files)',
  { timeout: 60_000 },
  () => {
    it('lets a pod publish on its own topic only: pod A cannot publish as pod B', async () => {
      const a = await podWithSensors(t, ['TEMPERATURE']);
      const b = await podWithSensors(t, ['TEMPERATURE']);
      await until('pod A is accepted', () => accepted(a.identifier, a.key));
      await until('pod B is accepted', () => accepted(b.identifier, b.key));
      const devA = await connect(a.identifier, a.key);
      // Mosquitto answers a denied QoS 1 publish with "not authorised" (MQTT 5); it never reaches Greenpod.
      await devA.publishAsync(readingsTopic(b.identifier), reading(1), { qos: 1 }).catch(() => undefined);
      await devA.publishAsync(readingsTopic(a.identifier), reading(2), { qos: 1 });
      const devB = await connect(b.identifier, b.key);
      await devB.publishAsync(readingsTopic(b.identifier), reading(3), { qos: 1 });
      await until(
        'both own readings are stored',
        async () => (await values(a.id)).length === 1 && (await values(b.id)).length === 1,
      );
      expect(await values(a.id)).toEqual([2]);
      expect(await values(b.id)).toEqual([3]);
      // Nor may a pod read what the others send.
      expect(await accepted(a.identifier, 'not-the-key')).toBe(false);
      await devA.endAsync();
      await devB.endAsync();
    });

    it('refuses a rotated key at connect, closes the connection made with it, and accepts the new key', async () => {
      const a = await podWithSensors(t, ['TEMPERATURE']);
      await until('pod A is accepted', () => accepted(a.identifier, a.key));
      const open = await connect(a.identifier, a.key);
      const closed = new Promise<void>((ok) => open.once('close', () => ok()));
      const rotated = await t.call('POST', `/api/pod/${a.id}/ingest-key`, { token: t.adminToken });
      expect(rotated.status).toBe(200);
      const newKey = (rotated.body.data as { ingestKey: string }).ingestKey;
      await until('the old key is refused', async () => !(await accepted(a.identifier, a.key)));
      expect(await accepted(a.identifier, newKey)).toBe(true);
      await closed;
      open.end(true);
    });

    it("refuses a deactivated pod's key, and closes its open connection", async () => {
      const a = await podWithSensors(t, ['TEMPERATURE']);
      await until('pod A is accepted', () => accepted(a.identifier, a.key));
      const open = await connect(a.identifier, a.key);
      const closed = new Promise<void>((ok) => open.once('close', () => ok()));
      const res = await t.call('PUT', `/api/pod/${a.id}`, { token: t.adminToken, body: { active: false } });
      expect(res.status).toBe(200);
      await until('the key is refused', async () => !(await accepted(a.identifier, a.key)));
      await closed;
      open.end(true);
    });

    it("refuses a deleted pod's key; a pod made by create works at once", async () => {
      const body = await buildBody(t, RESOURCE_BY_NAME.get('pod') as Resource, {});
      const made = await t.call('POST', '/api/pod', { token: t.adminToken, body });
      expect(made.status).toBe(201);
      const { id, identifier } = made.body.data as { id: number; identifier: string };
      const key = made.body.ingestKey as string;
      await until('the new pod is accepted', () => accepted(identifier, key));
      const res = await t.call('DELETE', `/api/pod/${id}`, { token: t.adminToken });
      expect(res.status).toBe(200);
      await until('the key is refused', async () => !(await accepted(identifier, key)));
    });
  },
);
