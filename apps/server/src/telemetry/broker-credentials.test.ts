import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { seedBase } from '../seed/base-seed';
import { seedDemoEstate } from '../seed/demo-estate';
import { podWithSensors } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { openTestDatabase } from '../test/test-database';
import { BrokerCredentials, brokerCredentialsAtStart, mosquittoHash } from './broker-credentials';

const MOSQUITTO_PASSWD = '/usr/bin/mosquitto_passwd';
const available = existsSync(MOSQUITTO_PASSWD);
if (!available && process.env.CI) throw new Error('CI must install mosquitto');

let dir: string;
let t: TestApp;
const files = () => ({ passwordFile: join(dir, 'passwd'), aclFile: join(dir, 'acl') });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'greenpod-broker-files-'));
  t = await createTestApp({
    MQTT_URL: 'mqtt://greenpod:subscriber-password@127.0.0.1:1',
    MQTT_PASSWORD_FILE: files().passwordFile,
    MQTT_ACL_FILE: files().aclFile,
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('mosquittoHash', () => {
  it.skipIf(!available)('makes the line mosquitto_passwd makes for the same password and salt', () => {
    const file = join(dir, 'reference');
    execFileSync(MOSQUITTO_PASSWD, ['-c', '-b', file, 'pod-1', 'the-key']);
    const reference = readFileSync(file, 'utf8')
      .trim()
      .replace(/^pod-1:/, '');
    const [, , iterations, salt] = reference.split('$');
    expect(mosquittoHash('the-key', Number(iterations), Buffer.from(salt as string, 'base64'))).toBe(reference);
  });
});

describe('broker files', () => {
  it('are readable by their owner and group only and hold the subscriber and the active pods that have a broker key, nothing else', async () => {
    const kept = await podWithSensors(t, ['TEMPERATURE']);
    const inactive = await podWithSensors(t, ['TEMPERATURE']);
    const old = await podWithSensors(t, ['TEMPERATURE']);
    expect(
      (await t.call('PUT', `/api/pod/${inactive.id}`, { token: t.adminToken, body: { active: false } })).status,
    ).toBe(200);
    // As a pod whose key was made before migration 011.
    await t.db.query('UPDATE pod SET broker_key_hash = NULL WHERE id = $1', [old.id]);

    // What server.ts logs at start.
    expect(await brokerCredentialsAtStart(t.app)).toMatch(
      /^1 active pods have a key older .* rotate their ingest keys/,
    );
    const { passwordFile, aclFile } = files();
    for (const f of [passwordFile, aclFile]) expect(statSync(f).mode & 0o777).toBe(0o640);
    const users = readFileSync(passwordFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(':')[0]);
    expect(users).toContain('greenpod');
    expect(users).toContain(kept.identifier);
    expect(users).not.toContain(inactive.identifier);
    expect(users).not.toContain(old.identifier);
    const acl = readFileSync(aclFile, 'utf8');
    expect(acl).toContain('user greenpod\ntopic read pods/+/readings\n');
    expect(acl).toContain('pattern write pods/%u/readings\n');
  });

  it('are rewritten when an administrator rotates a key, and the rotated pod is listed again', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    await t.db.query('UPDATE pod SET broker_key_hash = NULL WHERE id = $1', [pod.id]);
    await t.app.brokerCredentials?.write();
    expect(readFileSync(files().passwordFile, 'utf8')).not.toContain(`${pod.identifier}:`);
    expect((await t.call('POST', `/api/pod/${pod.id}/ingest-key`, { token: t.adminToken })).status).toBe(200);
    expect(readFileSync(files().passwordFile, 'utf8')).toContain(`${pod.identifier}:$7$101$`);
  });
});

describe('the reload command', () => {
  it('runs after each rewrite and once more after the last of quick rewrites, for a broker that missed one', async () => {
    const log = join(dir, 'reloads');
    const credentials = new BrokerCredentials(
      t.db,
      {
        ...files(),
        reloadCommand: `echo hup >> ${log}`,
        settleMs: 300,
        subscriber: { username: 'greenpod', password: 'subscriber-password' },
      },
      t.app.log,
    );
    const reloads = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').length : 0);
    await Promise.all([credentials.write(), credentials.write()]);
    expect(reloads()).toBe(2);
    const deadline = Date.now() + 10_000;
    while (reloads() < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(reloads()).toBe(3);
    credentials.close();
  });
});

describe('demo pods', () => {
  it('get a broker key that matches the key in the pods file', async () => {
    const db = await openTestDatabase();
    try {
      await seedBase(db, { adminEmail: 'admin@greenpod.test', adminPassword: 'admin-password-1' });
      const { pods } = await seedDemoEstate(db, {
        podsFile: join(dir, 'demo-pods.json'),
        historyDays: 1,
        rawDays: 1,
        maxPods: 2,
      });
      expect(pods.length).toBe(2);
      for (const pod of pods) {
        const [row] = await db.query<{ broker_key_hash: string }>(
          'SELECT broker_key_hash FROM pod WHERE identifier = $1',
          [pod.identifier],
        );
        expect(row?.broker_key_hash).toMatch(/^\$7\$101\$/);
        const [, , iterations, salt] = (row?.broker_key_hash ?? '').split('$');
        expect(mosquittoHash(pod.key, Number(iterations), Buffer.from(salt ?? '', 'base64'))).toBe(
          row?.broker_key_hash,
        );
      }
    } finally {
      await db.drop();
    }
  });
});

describe('configuration of the broker files', () => {
  const base = { JWT_SECRET: 'x'.repeat(32), MQTT_PASSWORD_FILE: '/tmp/p', MQTT_ACL_FILE: '/tmp/a' };
  const message = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return '';
    } catch (err) {
      if (err instanceof ConfigError) return err.message;
      throw err;
    }
  };

  it('without the files, the start-up warns that the broker must check the pods itself', async () => {
    const plain = await createTestApp({ MQTT_URL: 'mqtt://127.0.0.1:1' });
    try {
      expect(plain.app.brokerCredentials).toBeNull();
      expect(await brokerCredentialsAtStart(plain.app)).toMatch(/must authenticate pods/);
    } finally {
      await plain.close();
    }
  });

  it('needs MQTT_URL with the user and password Greenpod subscribes with', () => {
    expect(message(base)).toContain('MQTT_URL:');
    expect(message({ ...base, MQTT_URL: 'mqtt://broker:1883' })).toContain('MQTT_URL:');
    expect(message({ ...base, MQTT_URL: 'mqtt://greenpod:secret@broker:1883' })).toBe('');
  });

  it('needs both files', () => {
    expect(message({ MQTT_URL: 'mqtt://greenpod:secret@broker:1883', MQTT_PASSWORD_FILE: '/tmp/p' })).toContain(
      'MQTT_ACL_FILE:',
    );
  });
});
