import { formatWireTime } from '@greenpod/contracts';
import { areaOverApi, createdOverApi } from '@greenpod/server/testing';
import mqtt from 'mqtt';

type Api = <T = { data: { id: number } }>(
  method: string,
  path: string,
  body?: unknown,
) => Promise<T & { status: number }>;

/** What each simulated pod carries and sends in every message (ELECTRICITY for the savings' tariffs). */
export const FLEET_SENSORS = ['TEMPERATURE', 'HUMIDITY', 'ELECTRICITY', 'WATER_FLOW'] as const;

export interface FleetPod {
  id: number;
  identifier: string;
  key: string;
}

/**
 * N pods (`<prefix>-<i>`) made through the real API under a group, client, location and area of their own, each
 * carrying FLEET_SENSORS; `concurrency` pods at a time (each pod is five requests, and every pod made rewrites
 * the broker's files).
 */
export async function createFleet(api: Api, n: number, opts: { prefix?: string; concurrency?: number } = {}) {
  const prefix = opts.prefix ?? 'fleet';
  const area = await areaOverApi(api, prefix);
  const sensors = await api<{ data: { id: number; type: string }[] }>(
    'GET',
    '/api/sensor?dataTableParams=%7B%22paging%22%3A100%7D',
  );
  const sensorIds = FLEET_SENSORS.map((type) => sensors.data.find((s) => s.type === type)?.id as number);
  const pods: FleetPod[] = new Array(n);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < n; i = next++) {
      const identifier = `${prefix}-${i}`;
      const pod = await createdOverApi<{ data: { id: number }; ingestKey: string }>(api, '/api/pod', {
        ...area,
        identifier,
        title: identifier,
        description: 'd',
        voltage: 230,
      });
      for (const sensorId of sensorIds) await createdOverApi(api, '/api/pod-sensor', { podId: pod.data.id, sensorId });
      pods[i] = { id: pod.data.id, identifier, key: pod.ingestKey };
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 8 }, worker));
  return { pods, sensorIds, ...area };
}

/** One MQTT client per pod, signed in to the broker with its identifier and key (MQTT 3.1.1, as most devices). */
export async function connectFleet(url: string, pods: readonly FleetPod[]) {
  return Promise.all(
    pods.map(async (pod) => {
      // The broker learns a new pod's key at its reload after the pod is made: a refusal is tried again.
      for (let attempt = 0; ; attempt++) {
        try {
          return await mqtt.connectAsync(url, {
            username: pod.identifier,
            password: pod.key,
            reconnectPeriod: 0,
            connectTimeout: 10_000,
          });
        } catch (err) {
          if (attempt >= 50)
            throw new Error(`${pod.identifier} cannot connect to the broker: ${(err as Error).message}`);
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    }),
  );
}

/** A message's key: the pod and the time its readings carry (one per sensor of FLEET_SENSORS). */
export const messageKey = (podId: number, created: string) => `${podId}|${created}`;

/**
 * Every pod publishes `messages` messages at QoS 1, `inFlight` outstanding at a time, with readings at
 * `from` + k x `stepMs` (5 minutes unless given). A message counts as acknowledged once the broker's PUBACK is back: its key goes
 * into `acked`. `onAck` sees the running count (the kill phase waits on it). Answers when every message was
 * acknowledged, with the time that took.
 */
export async function streamFleet(opts: {
  clients: readonly mqtt.MqttClient[];
  pods: readonly FleetPod[];
  from: Date;
  stepMs?: number;
  messages: number;
  inFlight: number;
  acked: Set<string>;
  onAck?: (count: number) => void;
}) {
  const started = performance.now();
  let count = 0;
  await Promise.all(
    opts.clients.map(async (client, c) => {
      const pod = opts.pods[c] as FleetPod;
      const topic = `pods/${pod.identifier}/readings`;
      let next = 0;
      const lane = async () => {
        for (let k = next++; k < opts.messages; k = next++) {
          const created = formatWireTime(new Date(opts.from.getTime() + k * (opts.stepMs ?? 300_000)));
          const readings = FLEET_SENSORS.map((sensorType, s) => ({ sensorType, value: (k + s + c) % 40, created }));
          await client.publishAsync(topic, JSON.stringify({ readings }), { qos: 1 });
          opts.acked.add(messageKey(pod.id, created));
          count++;
          opts.onAck?.(count);
        }
      };
      await Promise.all(Array.from({ length: opts.inFlight }, lane));
    }),
  );
  return { messages: count, readings: count * FLEET_SENSORS.length, ms: performance.now() - started };
}
