import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiClient, freePort, podOverApi, startServerProcess } from '../server-process';

/**
 * The rules engine's promise across a crash: a reading whose ingest answered (committed) raises its
 * notification even if the server is SIGKILLed before evaluating it, and exactly once.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'greenpod-rules-kill-'));
const password = 'rules-kill-admin-pass';
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function boot(env: Record<string, string> = {}) {
  const port = await freePort();
  server = await startServerProcess({
    DATA_DIR: dataDir,
    PORT: String(port),
    MQTT_PORT: String(await freePort()),
    ADMIN_PASSWORD: password,
    ...env,
  });
  const base = `http://127.0.0.1:${port}`;
  const login = await apiClient(base)<{ token: string }>('POST', '/api/user/login', {
    email: 'admin@greenpod.local',
    password,
  });
  return { base, api: apiClient(base, login.token) };
}
async function kill() {
  const exited = new Promise((r) => server?.once('exit', r));
  server?.kill('SIGKILL');
  await exited;
}

type Api = Awaited<ReturnType<typeof boot>>['api'];
const stepsOf = async (api: Api, podId: number) => {
  const res = await api<{ data: { type: string; podId: number }[] }>('GET', '/api/notification/unread/1');
  return res.data.filter((n) => n.podId === podId).map((n) => n.type);
};
async function waitForSteps(api: Api, podId: number, count: number) {
  for (let i = 0; i < 200; i++) {
    const steps = await stepsOf(api, podId);
    if (steps.length >= count) return steps;
    await new Promise((r) => setTimeout(r, 100));
  }
  return stepsOf(api, podId);
}

describe.skipIf(process.env.DATABASE_URL)('the rules engine across a SIGKILL (PGlite)', () => {
  it('evaluates after a restart what was committed before the kill, once', async () => {
    // An instance that ingests but does not evaluate: whatever it commits waits in the queue.
    const first = await boot({ RULES_WORKER: '0' });
    const pod = await podOverApi(first.api, 'rules-kill-pod', ['TEMPERATURE']);
    const rule = await first.api('POST', '/api/rule', {
      groupId: pod.groupId,
      clientId: pod.clientId,
      podId: pod.id,
      sensorId: pod.sensorIds.TEMPERATURE,
      title: 'Cold store too warm',
      description: 'd',
      condition: 'greater',
      thresholdValue: 8,
      severity: 'HIGH',
      action: 'Check the door seal',
    });
    expect(rule.status).toBe(201);
    const ingest = async (base: string, value: number, secondsAgo: number) => {
      const res = await fetch(`${base}/api/ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Pod rules-kill-pod:${pod.ingestKey}` },
        body: JSON.stringify({
          readings: [
            { sensorType: 'TEMPERATURE', value, created: new Date(Date.now() - secondsAgo * 1000).toISOString() },
          ],
        }),
      });
      expect(res.status).toBe(202); // answered after the commit
    };
    // Readings after the rule was made: the engine never looks back before a rule existed.
    await ingest(first.base, 12, 0);
    expect(await stepsOf(first.api, pod.id)).toEqual([]);
    await kill();

    const second = await boot();
    expect(await waitForSteps(second.api, pod.id, 1)).toEqual(['ALERT']);
    const mails = () => {
      try {
        return readdirSync(join(dataDir, 'outbox')).map((f) => readFileSync(join(dataDir, 'outbox', f), 'utf8'));
      } catch {
        return [];
      }
    };
    for (let i = 0; i < 50 && !mails().some((m) => m.includes('Cold store too warm')); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(mails().filter((m) => m.includes('Cold store too warm'))).toHaveLength(1);

    // Killed right after the commit, with the worker on: whether it evaluated before dying or not,
    // the next start leaves exactly one RESOLVED.
    await ingest(second.base, 2, 0);
    await kill();
    const third = await boot();
    await waitForSteps(third.api, pod.id, 2);
    await new Promise((r) => setTimeout(r, 1000)); // a second RESOLVED would have shown by now
    expect((await stepsOf(third.api, pod.id)).sort()).toEqual(['ALERT', 'RESOLVED']);
  }, 240_000); // three cold starts of the real server
});
