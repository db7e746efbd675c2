import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minuteReadings, podWithSensors, until } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { GroupCommitWriter, WriterFullError } from './group-commit';
import { BUSY_RETRY_AFTER_S } from './ingest-service';
import { readingsTopic, startEmbeddedBroker } from './mqtt-broker';

/**
 * Past INGEST_QUEUE_LIMIT readings held uncommitted, ingest refuses instead of queueing
 * (docs/performance.md#soak-and-overload). The queue is filled for real: a transaction holds the
 * measurement table, so the statement carrying the first batch cannot commit until it is released.
 */
const LIMIT = 10;
let t: TestApp;
let broker: Awaited<ReturnType<typeof startEmbeddedBroker>>;
let pod: Awaited<ReturnType<typeof podWithSensors>>;
let io: ReturnType<typeof minuteReadings>;

beforeAll(async () => {
  t = await createTestApp({ INGEST_QUEUE_LIMIT: String(LIMIT) });
  broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', ingest: t.app.ingest, log: t.app.log });
  pod = await podWithSensors(t, ['TEMPERATURE']);
  io = minuteReadings(t, pod, new Date(Date.UTC(2026, 2, 1)));
  // The pod's identity is cached from here on: with the table held, signing in needs no statement.
  expect((await io.send(io.readings(0, 1))).status).toBe(202);
});
afterAll(async () => {
  await broker?.close();
  await t?.close();
});

/** Holds the measurement table in a transaction until released: no ingest statement can commit meanwhile. */
async function holdTable() {
  let release = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  let locked = () => {};
  const taken = new Promise<void>((r) => {
    locked = r;
  });
  const held = t.db.transaction(async (tx) => {
    await tx.query('LOCK TABLE measurement IN EXCLUSIVE MODE');
    locked();
    await gate;
  });
  await taken;
  return async () => {
    release();
    await held;
  };
}

/** A pod's MQTT client that reconnects at once after a refusal; counts the connections the broker closed. */
async function connectDevice() {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
    username: pod.identifier,
    password: pod.key,
    // mqtt.js keeps an unacknowledged QoS 1 message and sends it again after each reconnect.
    reconnectPeriod: 20,
    connectTimeout: 5000,
  });
  const device = { client, closes: 0 };
  client.on('close', () => device.closes++);
  return device;
}

/** A batch of LIMIT readings that fills the queue while the table is held; answers its call, unsettled. */
async function fillQueue(from: number) {
  const filler = io.send(io.readings(from, LIMIT));
  await until(() => t.app.ingest.busy);
  return { filler };
}

describe('ingest past its queue bound', () => {
  it('answers HTTP 503 with Retry-After at once, and stores nothing of the refused batch', async () => {
    const release = await holdTable();

    const { filler } = await fillQueue(100);
    const refused = await io.send(io.readings(200, 3));
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_S));
    expect(refused.body.error).toMatch(/send these again/);
    await release();
    expect((await filler).status).toBe(202);
    expect(await io.stored(100, LIMIT)).toBe(LIMIT);
    expect(await io.stored(200, 3)).toBe(0);
    // Drained: the same batch is taken again.
    const again = await io.send(io.readings(200, 3));
    expect(again.status).toBe(202);
    expect(again.body.data).toEqual({ stored: 3, duplicates: 0, rejected: [] });
  });

  it('withholds the PUBACK over MQTT while the queue is full, and acknowledges once the message is stored', async () => {
    const device = await connectDevice();
    const release = await holdTable();
    const { filler } = await fillQueue(300);
    let acked = false;
    const publish = device.client
      .publishAsync(readingsTopic(pod.identifier), JSON.stringify({ readings: io.readings(400, 2) }), { qos: 1 })
      .then(() => {
        acked = true;
      });
    // The message has reached the writer, which holds it back with its PUBACK: no answer, no refusal.
    await until(() => t.app.ingest.writer.waiting === 2);
    expect(acked).toBe(false);
    expect(device.closes).toBe(0);
    await release();
    expect((await filler).status).toBe(202);
    await publish;
    expect(device.closes).toBe(0);
    expect(await io.stored(400, 2)).toBe(2);
    await device.client.endAsync();
  });

  it('closes the connection when as many readings wait too: the pod resends, stored once after the drain', async () => {
    const waiting = await connectDevice();
    const refused = await connectDevice();
    const release = await holdTable();
    const { filler } = await fillQueue(500);
    const first = waiting.client.publishAsync(
      readingsTopic(pod.identifier),
      JSON.stringify({ readings: io.readings(600, LIMIT) }),
      { qos: 1 },
    );
    await until(() => t.app.ingest.overflowing);
    let ackedBeforeRelease = false;
    let released = false;
    const second = refused.client
      .publishAsync(readingsTopic(pod.identifier), JSON.stringify({ readings: io.readings(700, 2) }), { qos: 1 })
      .then(() => {
        ackedBeforeRelease = !released;
      });
    // Refused by closing the connection, at its first sending and at every resend while nothing drains.
    await until(() => refused.closes >= 2);
    released = true;
    await release();
    expect((await filler).status).toBe(202);
    await first;
    await second;
    expect(ackedBeforeRelease).toBe(false);
    expect(await io.stored(600, LIMIT)).toBe(LIMIT);
    expect(await io.stored(700, 2)).toBe(2);
    const [hourly] = await t.db.query<{ n: number }>(
      'SELECT sum(count)::int AS n FROM measurement_hourly WHERE pod_id = $1 AND bucket = $2',
      [pod.id, io.at(660)],
    );
    expect(hourly?.n).toBe(2);
    await waiting.client.endAsync();
    await refused.client.endAsync();
  });

  it('refuses a write at the bound whatever path it came by, and queues nothing of it', async () => {
    const writer = new GroupCommitWriter(t.db, { maxHeldRows: LIMIT });
    const row = (minute: number) => ({
      podId: pod.id,
      sensorId: pod.sensors.TEMPERATURE as number,
      sensorType: 'TEMPERATURE',
      value: 1,
      created: new Date(io.at(minute)),
    });
    const release = await holdTable();
    // One write alone larger than the bound is taken: the bound is passed by at most one write.
    const first = writer.write(Array.from({ length: LIMIT + 2 }, (_, i) => row(800 + i)));
    await until(() => writer.full);
    await expect(writer.write([row(900)])).rejects.toBeInstanceOf(WriterFullError);
    expect(writer.held).toBe(LIMIT + 2);
    await release();
    expect((await first).stored).toBe(LIMIT + 2);
    expect(await io.stored(900, 1)).toBe(0);
  });
});
