/**
 * bench/soak's load, in a process of its own (forked by soak.ts) so that its timing of the dashboard and
 * of the server's answers is not held up by thousands of MQTT clients sharing its event loop.
 *
 * Pods publish over MQTT, QoS 1, 8 readings a message (one per sensor, stamped with the send time in
 * milliseconds, so no two readings of a pod collide), at the rate the parent sets; each pod keeps at most
 * `inFlight` messages unacknowledged, and a message due when every pod is at that bound is not sent
 * (counted as `behind`). Clients reconnect after a refusal and mqtt.js sends what was not acknowledged
 * again. HTTP posters (overload only) send 5,000-reading batches for pods of their own, honouring
 * Retry-After on a 503. Every second the parent gets a tick; on `drain` it gets the totals once nothing
 * is left unacknowledged.
 */
import { SENSOR_TYPES } from '@greenpod/contracts';
import mqtt from 'mqtt';

export type Pod = { identifier: string; key: string };
export type ToLoad =
  | { cmd: 'connect'; mqttUrl: string; pods: Pod[]; inFlight: number; reconnectMs: number }
  | { cmd: 'rate'; readingsPerSecond: number }
  | { cmd: 'http'; base: string; pods: Pod[] }
  | { cmd: 'drain'; timeoutMs: number }
  | { cmd: 'end' };
export interface Tick {
  type: 'tick';
  t: number;
  /** Readings whose PUBACK came in this second. */
  acked: number;
  /** Messages first sent, and PUBLISH packets sent (first sends and resends after a reconnect). */
  offered: number;
  attempts: number;
  /** Messages due that no pod could take (every pod at its in-flight bound). */
  behind: number;
  inFlight: number;
  /** Connections the server closed (a refusal while busy: the messages on them are sent again). */
  closes: number;
  http: { stored: number; ok: number[]; shed: number[]; other: number };
  /** How late this process's own 10 ms timer fired at worst: its timings are that much off. */
  lagMaxMs: number;
}
export type FromLoad =
  | { type: 'connected'; ms: number }
  | Tick
  | { type: 'drained'; ackedReadings: number; httpStored: number; inFlight: number; ms: number };

const send = (m: FromLoad) => process.send?.(m);
const READINGS = SENSOR_TYPES.length;

type Lane = { client: mqtt.MqttClient; topic: string; inFlight: number; last: number; k: number };
let lanes: Lane[] = [];
let cap = 1;
let cursor = 0;
let ending = false;
const totals = { acked: 0, httpStored: 0 };
let tick = fresh();
function fresh(): Omit<Tick, 'type' | 't' | 'inFlight'> {
  return {
    acked: 0,
    offered: 0,
    attempts: 0,
    behind: 0,
    closes: 0,
    http: { stored: 0, ok: [], shed: [], other: 0 },
    lagMaxMs: 0,
  };
}
let expected = performance.now() + 10;
setInterval(() => {
  const now = performance.now();
  tick.lagMaxMs = Math.max(tick.lagMaxMs, now - expected);
  expected = now + 10;
}, 10);

async function connect(m: Extract<ToLoad, { cmd: 'connect' }>) {
  const started = performance.now();
  cap = m.inFlight;
  for (let i = 0; i < m.pods.length; i += 50) {
    const batch = await Promise.all(
      m.pods.slice(i, i + 50).map(async (pod) => {
        const client = await mqtt.connectAsync(m.mqttUrl, {
          username: pod.identifier,
          password: pod.key,
          reconnectPeriod: m.reconnectMs,
          connectTimeout: 30_000,
        });
        client.on('packetsend', (p) => {
          if (p.cmd === 'publish') tick.attempts++;
        });
        client.on('close', () => {
          if (!ending) tick.closes++;
        });
        // Refusals surface as errors too; the client reconnects by itself.
        client.on('error', () => {});
        return { client, topic: `pods/${pod.identifier}/readings`, inFlight: 0, last: 0, k: 0 };
      }),
    );
    lanes.push(...batch);
  }
  send({ type: 'connected', ms: performance.now() - started });
}

function publish(lane: Lane) {
  const created = new Date(Math.max(Date.now(), lane.last + 1));
  lane.last = created.getTime();
  const k = lane.k++;
  const at = created.toISOString();
  const payload = JSON.stringify({
    readings: SENSOR_TYPES.map((sensorType, s) => ({ sensorType, value: (k * 7 + s) % 50, created: at })),
  });
  lane.inFlight++;
  tick.offered++;
  lane.client.publish(lane.topic, payload, { qos: 1 }, (err) => {
    lane.inFlight--;
    if (err) return; // only when the client is ended: the bench is over
    tick.acked += READINGS;
    totals.acked += READINGS;
  });
}

// The pacer: every few milliseconds, as many messages as the rate says are due since it was set.
let rate = 0;
let since = 0;
let due = 0;
setInterval(() => {
  if (rate <= 0 || lanes.length === 0) return;
  const now = performance.now();
  const wanted = Math.floor(((now - since) / 1000) * (rate / READINGS)) - due;
  for (let n = 0; n < wanted; n++) {
    due++;
    let tried = 0;
    while (tried < lanes.length && (lanes[cursor % lanes.length] as Lane).inFlight >= cap) {
      cursor++;
      tried++;
    }
    if (tried === lanes.length) {
      tick.behind += wanted - n;
      due += wanted - n - 1;
      break;
    }
    publish(lanes[cursor++ % lanes.length] as Lane);
  }
}, 5);

// HTTP posters: one per pod, 625 instants x 8 sensors a batch, a millisecond apart from 30 minutes back.
let posting = false;
const posters: Promise<void>[] = [];
async function poster(base: string, pod: Pod) {
  let next = Date.now() - 30 * 60_000;
  while (posting) {
    const readings = [];
    for (let i = 0; i < 625; i++) {
      const created = new Date(next + i).toISOString();
      for (const [s, sensorType] of SENSOR_TYPES.entries()) readings.push({ sensorType, value: (i + s) % 50, created });
    }
    const t0 = performance.now();
    const res = await fetch(`${base}/api/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Pod ${pod.identifier}:${pod.key}` },
      body: JSON.stringify({ readings }),
    }).catch(() => null);
    const ms = performance.now() - t0;
    const body = res ? await res.text() : '';
    if (res?.status === 202) {
      const stored = (JSON.parse(body) as { data: { stored: number } }).data.stored;
      tick.http.stored += stored;
      totals.httpStored += stored;
      tick.http.ok.push(ms);
      next += 625;
    } else if (res?.status === 503) {
      tick.http.shed.push(ms);
      await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
    } else tick.http.other++;
  }
}

setInterval(() => {
  const inFlight = lanes.reduce((n, l) => n + l.inFlight, 0);
  send({ type: 'tick', t: Date.now(), inFlight, ...tick });
  tick = fresh();
}, 1000);

process.on('message', async (m: ToLoad) => {
  if (m.cmd === 'connect') await connect(m);
  else if (m.cmd === 'rate') {
    rate = m.readingsPerSecond;
    since = performance.now();
    due = 0;
  } else if (m.cmd === 'http') {
    posting = m.pods.length > 0;
    for (const pod of m.pods) posters.push(poster(m.base, pod));
  } else if (m.cmd === 'drain') {
    const started = performance.now();
    posting = false;
    await Promise.all(posters.splice(0));
    const left = () => lanes.reduce((n, l) => n + l.inFlight, 0);
    while (left() > 0 && performance.now() - started < m.timeoutMs) await new Promise((r) => setTimeout(r, 100));
    send({
      type: 'drained',
      ackedReadings: totals.acked,
      httpStored: totals.httpStored,
      inFlight: left(),
      ms: performance.now() - started,
    });
  } else if (m.cmd === 'end') {
    ending = true;
    await Promise.all(lanes.map((l) => l.client.endAsync(true)));
    lanes = [];
    process.exit(0);
  }
});
