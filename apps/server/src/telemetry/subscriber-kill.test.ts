import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatWireTime } from '@greenpod/contracts';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { apiClient, freePort, podOverApi, startServerProcess } from '../server-process';
import { dropInFor, type Mosquitto, mosquittoAvailable, startMosquitto } from '../test/mosquitto';

/**
 * MQTT_URL mode's promise (ADR 0025): a message Mosquitto acknowledged to a pod is stored, even when
 * Greenpod's process is SIGKILLed while the pod streams and comes back later.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'greenpod-sub-kill-'));
const password = 'subscriber-kill-admin-pass';
let server: ChildProcess | undefined;
let broker: Mosquitto | undefined;
afterAll(async () => {
  server?.kill('SIGKILL');
  await broker?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function boot(mqttUrl: string) {
  const port = await freePort();
  server = await startServerProcess({
    DATA_DIR: dataDir,
    PORT: String(port),
    MQTT_URL: mqttUrl,
    MQTT_CLIENT_ID: 'greenpod-kill-test',
    ADMIN_PASSWORD: password,
  });
  const base = `http://127.0.0.1:${port}`;
  const login = await apiClient(base)<{ token: string }>('POST', '/api/user/login', {
    email: 'admin@greenpod.local',
    password,
  });
  return apiClient(base, login.token);
}

describe.skipIf(!mosquittoAvailable || process.env.DATABASE_URL)('external broker across a SIGKILL', () => {
  it('stores every message the broker acknowledged to the pod while Greenpod was down', async () => {
    // The README's drop-in (its queue limit above all), open to anonymous clients for this test.
    broker = await startMosquitto((dir, port) =>
      dropInFor(dir, port)
        .replace(/^allow_anonymous false$/m, 'allow_anonymous true')
        .replace(/^(password_file|acl_file) .*$/gm, ''),
    );
    const url = `mqtt://127.0.0.1:${broker.port}`;
    const api = await boot(url);
    const pod = await podOverApi(api, 'sub-kill-pod', ['TEMPERATURE']);

    // One reading per message, 20 lanes; a message counts once the broker's PUBACK is back.
    const device = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
    const start = Date.UTC(2026, 0, 1);
    const acked = new Set<string>();
    let stop = false;
    const lane = async (first: number) => {
      for (let i = first; !stop; i += 20) {
        const at = formatWireTime(new Date(start + i * 1000));
        await device.publishAsync(
          'pods/sub-kill-pod/readings',
          JSON.stringify({ readings: [{ sensorType: 'TEMPERATURE', value: i % 30, created: at }] }),
          { qos: 1 },
        );
        acked.add(at);
        // Paced like a fleet of pods rather than as fast as the broker acknowledges.
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    const lanes = Array.from({ length: 20 }, (_, i) => lane(i));
    while (acked.size < 400) await new Promise((r) => setTimeout(r, 20));
    const exited = new Promise((r) => server?.once('exit', r));
    server?.kill('SIGKILL');
    await exited;
    // The pod goes on while no Greenpod is connected: more than Mosquitto's default queue of 1,000,
    // all acknowledged by the broker, which must keep them.
    const whileDown = acked.size;
    while (acked.size < whileDown + 1200) await new Promise((r) => setTimeout(r, 20));
    stop = true;
    await Promise.all(lanes);
    await device.endAsync();

    const again = await boot(url);
    const stored = async () => {
      const have = new Set<string>();
      for (let offset = 1; ; offset++) {
        const page = await again<{ data: { created: string }[] }>(
          'GET',
          `/api/measurement?dataTableParams=${encodeURIComponent(JSON.stringify({ paging: 1000, offset, fetchParams: { podId: pod.id } }))}`,
        );
        for (const row of page.data) have.add(row.created);
        if (page.data.length < 1000) return have;
      }
    };
    await vi.waitFor(
      async () => {
        const have = await stored();
        expect([...acked].filter((at) => !have.has(at))).toEqual([]);
      },
      { timeout: 60_000, interval: 500 },
    );
  }, 150_000); // two cold starts of the real server
});
