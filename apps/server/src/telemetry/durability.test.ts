import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatWireTime } from '@greenpod/contracts';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { apiClient, freePort, podOverApi, startServerProcess } from '../server-process';

/**
 * The PGlite promise: a reading whose PUBACK reached the pod survives a SIGKILL of the server, and
 * is stored exactly once after the pod resends what was not acknowledged.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'greenpod-kill-'));
const password = 'durability-admin-pass';
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function boot() {
  const [port, mqttPort] = [await freePort(), await freePort()];
  server = await startServerProcess({
    DATA_DIR: dataDir,
    PORT: String(port),
    MQTT_PORT: String(mqttPort),
    ADMIN_PASSWORD: password,
  });
  const base = `http://127.0.0.1:${port}`;
  const login = await apiClient(base)<{ token: string }>('POST', '/api/user/login', {
    email: 'admin@greenpod.local',
    password,
  });
  return { base, mqttPort, api: apiClient(base, login.token) };
}

describe.skipIf(process.env.DATABASE_URL)('durability on PGlite', () => {
  it('keeps every acknowledged reading across a SIGKILL, exactly once', async () => {
    const { api, mqttPort } = await boot();
    const pod = await podOverApi(api, 'kill-pod', ['TEMPERATURE']);
    const created = { data: { id: pod.id }, ingestKey: pod.ingestKey };

    // Stream one reading per message, 20 in flight, and note which were acknowledged.
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
      username: 'kill-pod',
      password: created.ingestKey,
      reconnectPeriod: 0,
    });
    const start = Date.UTC(2026, 0, 1);
    const acked = new Set<string>();
    const sent: string[] = [];
    let stop = false;
    const streamer = async (lane: number) => {
      for (let i = lane; !stop; i += 20) {
        const at = formatWireTime(new Date(start + i * 1000));
        sent.push(at);
        try {
          await client.publishAsync(
            'pods/kill-pod/readings',
            JSON.stringify({ readings: [{ sensorType: 'TEMPERATURE', value: i % 30, created: at }] }),
            { qos: 1 },
          );
          acked.add(at);
        } catch {
          return;
        }
      }
    };
    const lanes = Array.from({ length: 20 }, (_, lane) => streamer(lane));
    while (acked.size < 400) await new Promise((r) => setTimeout(r, 20));
    server?.kill('SIGKILL');
    stop = true;
    await new Promise((r) => server?.once('exit', r));
    client.end(true);
    await Promise.allSettled(lanes);
    expect(acked.size).toBeGreaterThanOrEqual(400);

    // Restart on the same data folder; the pod resends everything it sent (acked or not).
    const again = await boot();
    const resend = await mqtt.connectAsync(`mqtt://127.0.0.1:${again.mqttPort}`, {
      username: 'kill-pod',
      password: created.ingestKey,
      reconnectPeriod: 0,
    });
    const lost = [...acked].slice(0, 50);
    for (const at of lost) {
      await resend.publishAsync(
        'pods/kill-pod/readings',
        JSON.stringify({ readings: [{ sensorType: 'TEMPERATURE', value: 0, created: at }] }),
        { qos: 1 },
      );
    }
    await resend.endAsync();

    const stored = new Set<string>();
    let total = 0;
    for (let offset = 1; ; offset++) {
      const page = await again.api<{ data: { created: string }[]; paging: { total: number } }>(
        'GET',
        `/api/measurement?dataTableParams=${encodeURIComponent(JSON.stringify({ paging: 1000, offset, fetchParams: { podId: created.data.id } }))}`,
      );
      total = page.paging.total;
      for (const row of page.data) stored.add(row.created);
      if (page.data.length < 1000) break;
    }
    const missing = [...acked].filter((at) => !stored.has(at));
    expect(missing).toEqual([]);
    expect(stored.size).toBe(total); // no reading twice
    expect(total).toBeLessThanOrEqual(sent.length);
  }, 180_000); // two cold starts of the real server
});
