import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podWithSensors } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let pod: Awaited<ReturnType<typeof podWithSensors>>;
beforeAll(async () => {
  t = await createTestApp();
  pod = await podWithSensors(t, ['TEMPERATURE', 'ELECTRICITY']);
});
afterAll(() => t?.close());

const send = (body: unknown, auth = `Pod ${pod.identifier}:${pod.key}`) =>
  t.call('POST', '/api/ingest', { body, headers: { authorization: auth } });

describe('POST /api/ingest', () => {
  it('returns the ingest key once on create, stored only as a hash', async () => {
    const res = await t.call('POST', '/api/pod', {
      token: t.adminToken,
      body: {
        ...pod.ctx,
        groupId: pod.ctx.group,
        clientId: pod.ctx.client,
        locationId: pod.ctx.location,
        areaId: pod.ctx.area,
        identifier: 'new-pod-1',
        title: 'P',
        description: 'd',
        voltage: 230,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.ingestKey).toMatch(/^[\w-]{43}$/);
    expect(JSON.stringify(res.body.data)).not.toContain(res.body.ingestKey as string);
    const [row] = await t.db.query<{ ingest_key_hash: string }>(
      "SELECT ingest_key_hash FROM pod WHERE identifier = 'new-pod-1'",
    );
    expect(row?.ingest_key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(
      (await t.call('GET', `/api/pod/${(res.body.data as { id: number }).id}`, { token: t.adminToken })).body,
    ).not.toHaveProperty('ingestKey');
  });

  it('stores a batch with its rollups, and a retry stores nothing twice', async () => {
    const readings = [
      { sensorType: 'TEMPERATURE', value: 20.5, created: '2026-01-10 10:05:00' },
      { sensorType: 'TEMPERATURE', value: 21.5, created: '2026-01-10 10:10:00' },
      { sensorId: pod.sensors.ELECTRICITY, value: 3, created: '2026-01-10T10:15:00Z' },
    ];
    const first = await send({ readings });
    expect(first.status).toBe(202);
    expect(first.body.data).toEqual({ stored: 3, duplicates: 0, rejected: [] });
    const retry = await send({ readings });
    expect(retry.body.data).toEqual({ stored: 0, duplicates: 3, rejected: [] });

    const hourly = await t.db.query<{ sensor_type: string; count: number; sum: number; min: number; max: number }>(
      `SELECT sensor_type, count, sum, min, max FROM measurement_hourly WHERE pod_id = $1 ORDER BY sensor_type`,
      [pod.id],
    );
    expect(hourly).toEqual([
      { sensor_type: 'ELECTRICITY', count: 1, sum: 3, min: 3, max: 3 },
      { sensor_type: 'TEMPERATURE', count: 2, sum: 42, min: 20.5, max: 21.5 },
    ]);
    const daily = await t.db.query<{ count: number }>(
      'SELECT sum(count)::int AS count FROM measurement_daily WHERE pod_id = $1',
      [pod.id],
    );
    expect(daily[0]?.count).toBe(3);
  });

  it('rejects each bad reading with its reason and stores the rest', async () => {
    const future = new Date(Date.now() + 10 * 60_000).toISOString();
    const res = await send({
      readings: [
        { sensorType: 'HUMIDITY', value: 40 },
        { sensorType: 'TEMPERATURE', value: 'warm' },
        { sensorType: 'TEMPERATURE', value: null },
        { sensorType: 'TEMPERATURE', value: 19, created: future },
        { sensorType: 'TEMPERATURE', value: 19, created: 'yesterday' },
        { value: 1 },
        'not an object',
        { sensorType: 'TEMPERATURE', value: 19.25, created: '2026-01-11 00:00:00' },
      ],
    });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ stored: 1 });
    const reasons = (res.body.data as { rejected: { index: number; reason: string }[] }).rejected;
    expect(reasons.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(reasons[0]?.reason).toBe('unknown sensor for this pod');
    expect(reasons[1]?.reason).toBe('value must be a JSON number');
    expect(reasons[3]?.reason).toBe('created is more than 5 minutes in the future');
  });

  it('takes a full batch of 5,000 verbose readings', async () => {
    const readings = Array.from({ length: 5000 }, (_, i) => ({
      sensorType: 'TEMPERATURE',
      value: i % 30,
      created: new Date(Date.UTC(2025, 5, 1) + i * 300_000).toISOString(),
    }));
    const res = await send({ readings });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ stored: 5000 });
  });

  it('keeps the rollups exact when many batches for the same hours commit at once', async () => {
    const base = Date.UTC(2026, 6, 1);
    const batches = Array.from({ length: 24 }, (_, b) => ({
      readings: Array.from({ length: 200 }, (_, i) => ({
        sensorType: i % 2 ? 'TEMPERATURE' : 'ELECTRICITY',
        value: 1,
        // Interleaved instants: every batch touches the same few hourly and daily rollup rows.
        created: new Date(base + (i * 24 + b) * 1000).toISOString(),
      })),
    }));
    const answers = await Promise.all(batches.map((body) => send(body)));
    expect(answers.map((a) => a.status)).toEqual(batches.map(() => 202));
    const [raw] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM measurement WHERE pod_id = $1 AND created >= $2`,
      [pod.id, new Date(base).toISOString()],
    );
    const [hourly] = await t.db.query<{ n: number }>(
      `SELECT sum(count)::int AS n FROM measurement_hourly WHERE pod_id = $1 AND bucket >= $2`,
      [pod.id, new Date(base).toISOString()],
    );
    const [daily] = await t.db.query<{ n: number }>(
      `SELECT sum(count)::int AS n FROM measurement_daily WHERE pod_id = $1 AND bucket >= $2`,
      [pod.id, new Date(base).toISOString()],
    );
    expect(raw?.n).toBe(4800);
    expect(hourly?.n).toBe(4800);
    expect(daily?.n).toBe(4800);
  });

  it('refuses a wrong key, an oversized payload and an oversized batch', async () => {
    expect(
      (await send({ readings: [{ sensorType: 'TEMPERATURE', value: 1 }] }, `Pod ${pod.identifier}:wrong`)).status,
    ).toBe(401);
    expect((await send({ readings: [] }, 'Bearer nope')).status).toBe(401);
    const big = {
      readings: Array.from({ length: 4000 }, (_, i) => ({
        sensorType: 'TEMPERATURE',
        value: i,
        created: `2026-01-12 00:00:00`,
        pad: 'x'.repeat(250),
      })),
    };
    expect((await send(big)).status).toBe(413);
    const many = { readings: Array.from({ length: 5001 }, () => ({ sensorType: 'TEMPERATURE', value: 1 })) };
    const tooMany = await send(many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.validationErrors?.readings?.[0]).toMatch(/at most 5000/);
  });
});
