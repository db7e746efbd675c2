import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupCommitWriter, WriterFullError } from '../telemetry/group-commit';
import { BUSY_RETRY_AFTER_S } from '../telemetry/ingest-service';
import { readingsTopic, startEmbeddedBroker } from '../telemetry/mqtt-broker';
import { minuteReadings, podWithSensors, until } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { RulesLagGuard } from './rules-lag-guard';

/**
 * The rules engine's lag bound (docs/performance.md#the-rules-engines-bound). The worker is off, so the
 * queue holds what the test puts there: an evaluation queued seconds ago stands for an engine that far behind.
 */
let t: TestApp;
let broker: Awaited<ReturnType<typeof startEmbeddedBroker>>;
let pod: Awaited<ReturnType<typeof podWithSensors>>;
let io: ReturnType<typeof minuteReadings>;

beforeAll(async () => {
  t = await createTestApp({ RULES_WORKER: '0', RULES_LAG_LIMIT_SECONDS: '1' });
  broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', ingest: t.app.ingest, log: t.app.log });
  pod = await podWithSensors(t, ['TEMPERATURE']);
  io = minuteReadings(t, pod, new Date(Date.UTC(2026, 3, 1)));
});
afterAll(async () => {
  await broker?.close();
  await t?.close();
});

/** One evaluation queued `seconds` ago and never claimed. */
const queueFrom = (seconds: number) =>
  t.db.query('INSERT INTO rule_evaluation_queue (pod_id, created) VALUES ($1, now() - make_interval(secs => $2))', [
    pod.id,
    seconds,
  ]);
const emptyQueue = () => t.db.query('DELETE FROM rule_evaluation_queue');

describe("the rules engine's lag bound", () => {
  it('refuses HTTP and withholds PUBACKs while the engine is past it, and takes both once it has caught up', async () => {
    expect((await io.send(io.readings(0, 1))).status).toBe(202);
    await emptyQueue();
    await queueFrom(30);
    // Checked every second on its own.
    await until(() => t.app.ingest.busy);

    const refused = await io.send(io.readings(10, 3));
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_S));
    expect(await io.stored(10, 3)).toBe(0);

    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
      username: pod.identifier,
      password: pod.key,
      reconnectPeriod: 20,
    });
    let acked = false;
    const publish = client
      .publishAsync(readingsTopic(pod.identifier), JSON.stringify({ readings: io.readings(20, 2) }), { qos: 1 })
      .then(() => {
        acked = true;
      });
    await until(() => t.app.ingest.writer.waiting === 2);
    expect(acked).toBe(false);
    expect(await io.stored(20, 2)).toBe(0);

    await emptyQueue();
    await publish;
    expect(await io.stored(20, 2)).toBe(2);
    expect(t.app.ingest.busy).toBe(false);
    expect((await io.send(io.readings(10, 3))).status).toBe(202);
    expect(await io.stored(10, 3)).toBe(3);
    await client.endAsync();
  });

  it('shuts past the limit and opens only once the lag is down to half of it', async () => {
    const writer = new GroupCommitWriter(t.db, { maxHeldRows: 100 });
    const guard = new RulesLagGuard(t.db, writer, 20);
    await emptyQueue();
    expect(await guard.check()).toBe(0);
    expect(writer.full).toBe(false);

    await queueFrom(15);
    await guard.check();
    expect(writer.full).toBe(false);

    await emptyQueue();
    await queueFrom(25);
    expect(await guard.check()).toBeGreaterThan(20);
    expect(writer.full).toBe(true);
    const row = { podId: pod.id, sensorId: pod.sensors.TEMPERATURE as number, sensorType: 'TEMPERATURE', value: 1 };
    await expect(writer.write([{ ...row, created: new Date(io.at(30)) }])).rejects.toBeInstanceOf(WriterFullError);

    // Above half the limit: still shut, a waiting write parked.
    await emptyQueue();
    await queueFrom(15);
    await guard.check();
    expect(writer.full).toBe(true);
    const parked = writer.write([{ ...row, created: new Date(io.at(31)) }], { wait: true });

    await emptyQueue();
    await queueFrom(5);
    await guard.check();
    expect(writer.full).toBe(false);
    expect((await parked).stored).toBe(1);
    expect(await io.stored(30, 2)).toBe(1);
    await emptyQueue();
  });
});
