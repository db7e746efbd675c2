import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoEstate } from '../seed/demo-estate';
import type { DemoPod } from '../seed/demo-pods-file';
import { startEmbeddedBroker } from '../telemetry/mqtt-broker';
import { createTestApp, type TestApp } from '../test/test-app';
import { startSimulator, type TickReport } from './simulator';

let t: TestApp;
let broker: Awaited<ReturnType<typeof startEmbeddedBroker>>;
let pods: DemoPod[];

beforeAll(async () => {
  t = await createTestApp();
  broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', ingest: t.app.ingest, log: t.app.log });
  const podsFile = join(mkdtempSync(join(tmpdir(), 'greenpod-sim-')), 'demo-pods.json');
  // Seeded an hour back, so the raw rows end before the simulator's first reading.
  ({ pods } = await seedDemoEstate(t.db, {
    podsFile,
    historyDays: 1,
    rawDays: 0,
    // Dubai's three rooms and its outdoor pod.
    locations: ['dxb'],
    now: new Date(Date.now() - 3_600_000),
  }));
});
afterAll(async () => {
  await broker?.close();
  await t?.close();
});

describe('simulator', () => {
  it('publishes every sensor of every pod each interval through MQTT (an outdoor pod its temperature), and the readings are stored', async () => {
    const started = new Date(Math.floor(Date.now() / 1000) * 1000);
    const ticks: TickReport[] = [];
    const problems: string[] = [];
    const impostor: DemoPod = { ...(pods[0] as DemoPod), identifier: 'no-such-pod', key: 'no-such-key' };
    const sim = await startSimulator({
      url: `mqtt://127.0.0.1:${broker.port}`,
      pods: [...pods, impostor],
      intervalSeconds: 1,
      onTick: (r) => ticks.push(r),
      onProblem: (pod) => problems.push(pod),
      connectTimeoutMs: 5000,
    });
    expect(pods.map((p) => p.identifier)).toEqual([
      'aurora-dxb-101',
      'aurora-dxb-102',
      'aurora-dxb-103',
      'aurora-dxb-outdoor',
    ]);
    expect(sim.connected).toBe(4);
    expect(problems).toEqual(['no-such-pod']);
    await expect.poll(() => ticks.length, { timeout: 10_000, interval: 100 }).toBeGreaterThanOrEqual(2);
    await sim.stop();

    expect(ticks[0]).toMatchObject({ pods: 5, connected: 4, acked: 3 * 8 + 1, failed: 0 });
    const stored = await t.db.query<{ n: number; kinds: number; pods: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT sensor_type)::int AS kinds, count(DISTINCT pod_id)::int AS pods FROM measurement WHERE created >= $1',
      [started.toISOString()],
    );
    // A QoS 1 ack from Greenpod's broker means stored: every acked reading is in the table.
    expect(stored[0]).toEqual({ n: ticks.reduce((n, r) => n + r.acked, 0), kinds: 8, pods: 4 });
    const outdoor = await t.db.query<{ type: string }>(
      `SELECT DISTINCT m.sensor_type AS type FROM measurement m JOIN pod p ON p.id = m.pod_id
       WHERE p.outdoor AND m.created >= $1`,
      [started.toISOString()],
    );
    expect(outdoor).toEqual([{ type: 'TEMPERATURE' }]);
  });
});
