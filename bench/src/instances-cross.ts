import { formatWireTime } from '@greenpod/contracts';
import mqtt from 'mqtt';
import type { FleetPod } from './instances-fleet';
import { openLiveStream, type SseFrame } from './sse-stream';

/** What crosses from one instance to the other (bench/instances): live readings, notifications, a new key. */

export interface Instance {
  name: string;
  base: string;
}

const ingestOver = (base: string, pod: FleetPod, readings: object[]) =>
  fetch(`${base}/api/ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Pod ${pod.identifier}:${pod.key}` },
    body: JSON.stringify({ readings }),
  });

const readingsOf = (frames: readonly SseFrame[]) =>
  frames
    .filter((f) => f.event === 'reading')
    .map((f) => JSON.parse(f.data) as { podId: number; readings: { created: string; value: number }[] });

const until = async (done: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return done();
};

/**
 * One reading per pod over HTTP, the even pods through the first instance and the odd through the second,
 * while a live stream is open on each: answers, per stream, the pods whose reading it did not show.
 */
export async function liveReadingsCross(instances: readonly [Instance, Instance], token: string, pods: FleetPod[]) {
  const streams = await Promise.all(
    instances.map((i) => openLiveStream(`${i.base}/api/live?token=${encodeURIComponent(token)}`)),
  );
  const created = formatWireTime(new Date(Date.now() - 1000));
  const refused: string[] = [];
  await Promise.all(
    pods.map(async (pod, i) => {
      const res = await ingestOver((instances[i % 2] as Instance).base, pod, [
        { sensorType: 'TEMPERATURE', value: i % 90, created },
      ]);
      if (res.status !== 202) refused.push(`${pod.identifier}: ${res.status} ${await res.text()}`);
    }),
  );
  if (refused.length) throw new Error(`live readings refused: ${refused.slice(0, 3).join('; ')}`);
  const seen = (s: (typeof streams)[number]) =>
    new Set(readingsOf(s.frames).flatMap((e) => (e.readings.some((r) => r.created === created) ? [e.podId] : [])));
  await until(() => streams.every((s) => seen(s).size >= pods.length), 15_000);
  const missing = streams.map((s) => pods.filter((p) => !seen(s).has(p.id)).length);
  await Promise.all(streams.map((s) => s.close()));
  return { created, missing };
}

/**
 * A rule's reading sent through the second instance while a live stream of notifications is open on each,
 * signed in as a user who sees that pod only: answers whether each stream heard of the notification.
 */
export async function liveNotificationCross(
  instances: readonly [Instance, Instance],
  token: string,
  pod: FleetPod,
  value: number,
) {
  const streams = await Promise.all(
    instances.map((i) => openLiveStream(`${i.base}/api/live?only=notifications&token=${encodeURIComponent(token)}`)),
  );
  const res = await ingestOver(instances[1].base, pod, [
    { sensorType: 'TEMPERATURE', value, created: formatWireTime(new Date(Date.now() - 1000)) },
  ]);
  if (res.status !== 202) throw new Error(`the rule's reading: ${res.status} ${await res.text()}`);
  const heard = (s: (typeof streams)[number]) => s.frames.some((f) => f.event === 'notification');
  await until(() => streams.every(heard), 15_000);
  const out = streams.map(heard);
  await Promise.all(streams.map((s) => s.close()));
  return out;
}

/** Polls `refused` until it holds; answers the milliseconds from `since` it took, or null past `limitMs`. */
async function refusedWithin(refused: () => Promise<boolean>, since: number, limitMs: number) {
  for (;;) {
    if (await refused()) return performance.now() - since;
    if (performance.now() - since > limitMs) return null;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * The pod's key rotated through the first instance's API while the second had it cached (an HTTP reading
 * accepted just before) and the pod was connected to the broker with it. Answers how long after the
 * rotation's answer the old key was refused by the second instance (HTTP 401/403) and by the broker (CONNECT
 * refused), null when not within `limitMs`; whether the broker closed the open connection; and whether the
 * new key works on both.
 */
export async function rotationRefusal(opts: {
  instances: readonly [Instance, Instance];
  adminApi: (method: string, path: string, body?: unknown) => Promise<{ status: number; data?: unknown }>;
  brokerUrl: string;
  pod: FleetPod;
  limitMs: number;
}) {
  const { pod, instances } = opts;
  const other = instances[1].base;
  const reading = () => [{ sensorType: 'HUMIDITY', value: 40, created: formatWireTime(new Date(Date.now() - 1000)) }];
  const warm = await ingestOver(other, pod, reading());
  if (warm.status !== 202) throw new Error(`the old key before the rotation: ${warm.status}`);
  /** Whether the broker lets the pod in with `key` (the connection is closed again at once). */
  const accepts = (key: string) =>
    connect(key).then(
      (c) => {
        c.end(true);
        return true;
      },
      () => false,
    );
  const connect = (key: string) =>
    mqtt.connectAsync(opts.brokerUrl, {
      username: pod.identifier,
      password: key,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
  const open = await connect(pod.key);
  const closed = new Promise<void>((r) => open.once('close', () => r()));

  const rotated = await opts.adminApi('POST', `/api/pod/${pod.id}/ingest-key`, {});
  const answered = performance.now();
  if (rotated.status !== 200) throw new Error(`rotating the key: ${rotated.status} ${JSON.stringify(rotated)}`);
  const newKey = (rotated.data as { ingestKey: string }).ingestKey;
  const [http, broker] = await Promise.all([
    refusedWithin(
      async () => [401, 403].includes((await ingestOver(other, pod, reading())).status),
      answered,
      opts.limitMs,
    ),
    refusedWithin(async () => !(await accepts(pod.key)), answered, opts.limitMs),
  ]);
  const connectionClosed = await Promise.race([closed.then(() => true), until(() => false, opts.limitMs)]);
  open.end(true);
  const fresh = { ...pod, key: newKey };
  const newKeyHttp = (await ingestOver(other, fresh, reading())).status === 202;
  const newKeyBroker = await accepts(newKey);
  return { http, broker, connectionClosed, newKeyHttp, newKeyBroker };
}
