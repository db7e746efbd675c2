import { formatWireTime } from '@greenpod/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import type { DemoPod } from '../seed/demo-pods-file';
import { podReadingsAt, podSensorTypes } from '../seed/reading-model';

export interface TickReport {
  at: Date;
  pods: number;
  connected: number;
  /** Readings in messages the broker acknowledged (QoS 1 PUBACK: stored, for Greenpod's broker). */
  acked: number;
  /** Messages not acknowledged (broker refused them, or the connection dropped). */
  failed: number;
}

export interface SimulatorOptions {
  url: string;
  pods: readonly DemoPod[];
  intervalSeconds: number;
  onTick?: (report: TickReport) => void;
  /** A pod that cannot sign in or publish; reported once per pod and cause, not every interval. */
  onProblem?: (identifier: string, message: string) => void;
  /** How long start waits for the pods to sign in before it reports. */
  connectTimeoutMs?: number;
}

export interface Simulator {
  /** Pods signed in when start returned. */
  readonly connected: number;
  tick(): Promise<TickReport>;
  stop(): Promise<void>;
}

/**
 * Live readings for pods through the real MQTT path: one client per pod, signed in with its
 * identifier and ingest key, publishing its sensor kinds (all eight in a room) every interval at QoS 1, exactly as a
 * device would. The same reading model as the seeded history keeps the live edge continuous.
 */
export async function startSimulator(opts: SimulatorOptions): Promise<Simulator> {
  const reported = new Set<string>();
  const problem = (identifier: string, message: string) => {
    const key = `${identifier}:${message}`;
    if (reported.has(key)) return;
    reported.add(key);
    opts.onProblem?.(identifier, message);
  };
  const clients = opts.pods.map((pod) => ({ pod, client: connectPod(opts.url, pod, problem) }));
  await Promise.all(clients.map(({ client }) => settled(client, opts.connectTimeoutMs ?? 10_000)));

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<TickReport> | undefined;

  const tick = async (): Promise<TickReport> => {
    const at = new Date();
    const created = formatWireTime(at);
    const live = clients.filter(({ client }) => client.connected);
    const results = await Promise.allSettled(
      live.map(async ({ pod, client }) => {
        // The pod's own kinds only: an outdoor pod sends its temperature.
        const values = podReadingsAt(pod, at, Math.random);
        const readings = podSensorTypes(pod).map((sensorType) => ({ sensorType, value: values[sensorType], created }));
        try {
          await client.publishAsync(`pods/${pod.identifier}/readings`, JSON.stringify({ readings }), { qos: 1 });
        } catch (err) {
          problem(pod.identifier, (err as Error).message);
          throw err;
        }
        return readings.length;
      }),
    );
    const acked = results.reduce((n, r) => n + (r.status === 'fulfilled' ? r.value : 0), 0);
    const failed = results.filter((r) => r.status === 'rejected').length;
    const report = { at, pods: clients.length, connected: live.length, acked, failed };
    opts.onTick?.(report);
    return report;
  };

  // Each tick is scheduled after the previous one settles, so a slow broker never piles up ticks.
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick();
      running.catch(() => undefined).finally(schedule);
    }, opts.intervalSeconds * 1000);
  };
  schedule();

  return {
    connected: clients.filter(({ client }) => client.connected).length,
    tick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
      await Promise.all(clients.map(({ client }) => client.endAsync(true).catch(() => undefined)));
    },
  };
}

function connectPod(url: string, pod: DemoPod, problem: (identifier: string, message: string) => void): MqttClient {
  const client = mqtt.connect(url, {
    username: pod.identifier,
    password: pod.key,
    clientId: `sim-${pod.identifier}-${Math.random().toString(36).slice(2, 8)}`,
    // Retry after a broker restart, but slowly: a wrong key should not hammer the server.
    reconnectPeriod: 5000,
    connectTimeout: 10_000,
  });
  client.on('error', (err) => problem(pod.identifier, err.message));
  return client;
}

/** Resolves when the client has signed in, failed once, or the time is up. */
function settled(client: MqttClient, timeoutMs: number): Promise<void> {
  if (client.connected) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('connect', done);
      client.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    client.on('connect', done);
    client.on('error', done);
  });
}
