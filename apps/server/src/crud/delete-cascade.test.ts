import { getResource } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { insertReadings } from '../telemetry/measurement-writer';
import { deletePodReadings, READING_BATCH } from '../telemetry/pod-history';
import { LOCATION_ROLLUPS, POD_ROLLUPS } from '../telemetry/rollup-tables';
import { type Context, create, createUser, ensure } from '../test/factory';
import { podWithSensors } from '../test/pod-fixture';
import { locationRollupMismatches, podRollupMismatches } from '../test/rollup-mismatches';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const VIEWER_ROLE = 2; // the seeded Viewer role
const preview = (name: string, id: number, token = t.adminToken) =>
  t.call('GET', `/api/delete-preview/${name}/${id}`, { token });
const count = async (sql: string, params: unknown[]) =>
  (await t.db.query<{ n: number }>(sql, params as never[]))[0]?.n ?? 0;

describe('deleting a user', () => {
  it('deletes the user-notifications it owns with it, after a preview that counts them', async () => {
    const user = await createUser(t, VIEWER_ROLE);
    const ctx: Context = { user: user.id };
    await ensure(t, 'notification', ctx);
    const other = await create(t, getResource('notification'), { ...ctx });
    await create(t, getResource('user-notification'), ctx);
    await create(t, getResource('user-notification'), { ...ctx, notification: other });

    const seen = await preview('user', user.id);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.data).toEqual({ deletes: [{ label: 'user notification records', count: 2 }], blockedBy: [] });

    const res = await t.call('DELETE', `/api/user/${user.id}`, { token: t.adminToken });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await count('SELECT count(*)::int AS n FROM user_notification WHERE user_id = $1', [user.id])).toBe(0);
    // The notifications themselves are not the user's: they stay.
    expect(
      await count('SELECT count(*)::int AS n FROM notification WHERE id = ANY($1::int[])', [[ctx.notification, other]]),
    ).toBe(2);
  });
});

describe('deleting a pod with history', () => {
  it('deletes its readings in batches, its rollups, links, episodes and queue rows; the rest stay exact', async () => {
    const doomed = await podWithSensors(t, ['TEMPERATURE', 'HUMIDITY']);
    const kept = await podWithSensors(t, ['TEMPERATURE'], { ...doomed.ctx });
    const start = Date.UTC(2026, 0, 30, 20, 0);
    // More than two batches of readings over a few days, the kept pod's readings in the same buckets.
    const rows = (podId: number, sensors: Record<string, number>, n: number) =>
      Array.from({ length: n }, (_, i) => {
        const type = i % 3 === 0 && sensors.HUMIDITY ? 'HUMIDITY' : 'TEMPERATURE';
        return {
          podId,
          sensorId: sensors[type] as number,
          sensorType: type,
          value: (i % 50) - 7.5,
          created: new Date(start + i * 20_000),
        };
      });
    const readings = 2 * READING_BATCH + 1234;
    for (const batch of [rows(doomed.id, doomed.sensors, readings), rows(kept.id, kept.sensors, 3000)])
      for (let i = 0; i < batch.length; i += 2000)
        await t.db.transaction((tx) => insertReadings(tx, batch.slice(i, i + 2000)));
    const rule = await ensure(t, 'rule', { ...doomed.ctx, pod: kept.id });
    await t.db.query(`INSERT INTO rule_episode (rule_id, pod_id, state) VALUES ($1, $2, '{}')`, [rule, doomed.id]);
    await t.db.query('INSERT INTO rule_evaluation_queue (pod_id) VALUES ($1), ($1)', [doomed.id]);
    const rollupRows = await count(
      `SELECT (${POD_ROLLUPS.map((l) => `(SELECT count(*) FROM ${l.table} WHERE pod_id = $1)`).join(' + ')})::int AS n`,
      [doomed.id],
    );

    const seen = await preview('pod', doomed.id);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.data).toEqual({
      deletes: [
        { label: 'pod sensor records', count: 2 },
        { label: 'measurement records', count: readings },
        { label: 'rollup rows', count: rollupRows },
        { label: 'rule episodes', count: 1 },
        { label: 'queued rule evaluations', count: 2 },
      ],
      blockedBy: [],
    });

    // Requests sent while the readings go are answered between the batches, before the delete ends.
    const order: string[] = [];
    const deletion = t.call('DELETE', `/api/pod/${doomed.id}`, { token: t.adminToken }).then((r) => {
      order.push('delete');
      return r;
    });
    const read = t.call('GET', `/api/pod/${kept.id}`, { token: t.adminToken }).then((r) => {
      order.push('read');
      return r;
    });
    const [res, other] = await Promise.all([deletion, read]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(other.status).toBe(200);
    expect(order).toEqual(['read', 'delete']);

    for (const table of [
      'measurement',
      'pod_sensor',
      'rule_episode',
      'rule_evaluation_queue',
      ...POD_ROLLUPS.map((l) => l.table),
    ])
      expect(await count(`SELECT count(*)::int AS n FROM ${table} WHERE pod_id = $1`, [doomed.id]), table).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM pod WHERE id = $1', [doomed.id])).toBe(0);
    expect(await podRollupMismatches(t.db, kept.id)).toBe(0);
    expect(await locationRollupMismatches(t.db)).toBe(0);
    // The location still counts the kept pod's readings, and only those.
    const [location] = await t.db.query<{ location_id: number }>('SELECT location_id FROM pod WHERE id = $1', [
      kept.id,
    ]);
    for (const level of LOCATION_ROLLUPS)
      expect(
        await count(
          `SELECT coalesce(sum(n_temperature + n_humidity), 0)::int AS n FROM ${level.table} WHERE location_id = $1`,
          [location?.location_id],
        ),
        level.table,
      ).toBe(3000);
  });
});

describe("a pod's readings", () => {
  it('go a batch per transaction, each batch at most the batch size, 5-minute location rows kept exact', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    const start = Date.UTC(2026, 2, 1);
    await insertReadings(
      t.db,
      Array.from({ length: 250 }, (_, i) => ({
        podId: pod.id,
        sensorId: pod.sensors.TEMPERATURE as number,
        sensorType: 'TEMPERATURE',
        value: i,
        created: new Date(start + i * 60_000),
      })),
    );
    const left: number[] = [];
    // The real database, only counting what is left of the pod's readings after each transaction.
    const counting: Database = {
      ...t.db,
      query: (sql, params) => t.db.query(sql, params),
      transaction: async (fn) => {
        const out = await t.db.transaction(fn);
        left.push(await count('SELECT count(*)::int AS n FROM measurement WHERE pod_id = $1', [pod.id]));
        return out;
      },
    };
    await deletePodReadings(counting, pod.id, 100);
    expect(left).toEqual([150, 50, 0, 0]);
    expect(await locationRollupMismatches(t.db)).toBe(0);
  });
});

describe('structure still blocks', () => {
  it('a location with areas answers 409 naming them, its preview says so, and nothing is deleted', async () => {
    const ctx: Context = {};
    await ensure(t, 'area', ctx);
    await create(t, getResource('area'), { ...ctx });
    const seen = await preview('location', ctx.location as number);
    expect(seen.body.data).toEqual({ deletes: [], blockedBy: [{ label: 'area records', count: 2 }] });
    const res = await t.call('DELETE', `/api/location/${ctx.location}`, { token: t.adminToken });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('This location cannot be deleted: 2 area records still depend on it');
    expect(await count('SELECT count(*)::int AS n FROM area WHERE location_id = $1', [ctx.location])).toBe(2);
  });

  it('a pod a rule names still answers 409, before any reading goes', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    await insertReadings(t.db, [
      {
        podId: pod.id,
        sensorId: pod.sensors.TEMPERATURE as number,
        sensorType: 'TEMPERATURE',
        value: 1,
        created: new Date(),
      },
    ]);
    await ensure(t, 'rule', { ...pod.ctx, pod: pod.id });
    const res = await t.call('DELETE', `/api/pod/${pod.id}`, { token: t.adminToken });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/^This pod cannot be deleted: 1 rule still depend on it/);
    expect(await count('SELECT count(*)::int AS n FROM measurement WHERE pod_id = $1', [pod.id])).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM pod WHERE id = $1 AND active', [pod.id])).toBe(1);
  });

  it('a role with users answers 409; one with only its scope bindings goes with them', async () => {
    const role = await t.call('POST', '/api/role', {
      token: t.adminToken,
      body: { title: 'Doomed', description: 'Bound', accessLevel: 10 },
    });
    const roleId = (role.body.data as { id: number }).id;
    await create(t, getResource('role-location'), { role: roleId });
    const user = await createUser(t, roleId);
    expect((await t.call('DELETE', `/api/role/${roleId}`, { token: t.adminToken })).status).toBe(409);
    expect((await t.call('DELETE', `/api/user/${user.id}`, { token: t.adminToken })).status).toBe(200);
    expect((await preview('role', roleId)).body.data).toEqual({
      deletes: [{ label: 'role location', count: 1 }],
      blockedBy: [],
    });
    expect((await t.call('DELETE', `/api/role/${roleId}`, { token: t.adminToken })).status).toBe(200);
    expect(await count('SELECT count(*)::int AS n FROM role_location WHERE role_id = $1', [roleId])).toBe(0);
  });
});

describe('the delete preview', () => {
  it('is for administrators, inside their scope, like the delete', async () => {
    const viewer = await createUser(t, VIEWER_ROLE);
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    expect((await preview('pod', pod.id, viewer.token)).status).toBe(403);
    expect((await t.call('DELETE', `/api/pod/${pod.id}`, { token: viewer.token })).status).toBe(403);
    expect((await t.call('GET', `/api/delete-preview/pod/${pod.id}`)).status).toBe(401);
    expect((await preview('pod', 999_999)).status).toBe(404);
    expect((await t.call('GET', '/api/delete-preview/pod/abc', { token: t.adminToken })).status).toBe(400);
    expect(await count('SELECT count(*)::int AS n FROM pod WHERE id = $1 AND active', [pod.id])).toBe(1);
  });
});
