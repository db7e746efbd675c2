import { getResource } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Transaction } from '../db/database';
import { create } from '../test/factory';
import { podWithSensors } from '../test/pod-fixture';
import { ageRules } from '../test/rule-age';
import { createTestApp, type TestApp } from '../test/test-app';
import { evaluateQueued } from './rule-worker';

/**
 * What one claim of the rules engine takes and what it costs (docs/performance.md#a-pod-once-a-claim). The
 * app's worker is off, so the queue holds exactly what each test leaves there.
 */
let t: TestApp;
let pods: Awaited<ReturnType<typeof podWithSensors>>[];
const PODS = 12;

beforeAll(async () => {
  t = await createTestApp({ RULES_WORKER: '0' });
  pods = [];
  for (let i = 0; i < PODS; i++) {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    await create(t, getResource('rule'), pod.ctx, {
      podId: pod.id,
      sensorId: pod.sensors.TEMPERATURE,
      condition: 'greater',
      thresholdValue: 30,
      severity: 'LOW',
    });
    pods.push(pod);
  }
  await ageRules(t);
}, 60_000);
afterAll(() => t?.close());

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const sendAt = (pod: (typeof pods)[number], created: string, value: number) =>
  t.call('POST', '/api/ingest', {
    body: { readings: [{ sensorType: 'TEMPERATURE', value, created }] },
    headers: { authorization: `Pod ${pod.identifier}:${pod.key}` },
  });
const send = (pod: (typeof pods)[number], minutesAgo: number, value: number) => sendAt(pod, at(minutesAgo), value);
const queued = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM rule_evaluation_queue'))[0]?.n;
const evaluatedTo = async (pod: (typeof pods)[number]) =>
  (
    await t.db.query<{ last: number | null }>(
      "SELECT (state->>'lastAt')::float8 AS last FROM rule_episode WHERE pod_id = $1",
      [pod.id],
    )
  )[0]?.last;
/** The database, counting the statements run inside its transactions. */
const counting = (db: Database) => {
  const seen = { statements: 0 };
  const wrapped: Database = Object.create(db);
  wrapped.transaction = (fn) =>
    db.transaction((tx) => {
      const counted: Transaction = Object.create(tx);
      counted.query = (...a: Parameters<Transaction['query']>) => {
        seen.statements++;
        return tx.query(...a);
      };
      return fn(counted);
    });
  return { db: wrapped, seen };
};
const opts = { alertsUrl: 'http://localhost/alerts' };

describe('a claim of the rules engine', () => {
  it('takes every queued row of the pods it picks, however many batches queued them', async () => {
    const [a, b] = pods as [(typeof pods)[number], (typeof pods)[number]];
    expect((await send(a, 50, 20)).status).toBe(202);
    expect((await send(b, 50, 35)).status).toBe(202);
    // The engine fell behind: 600 more batches of pod a each left a row, after the two above.
    await t.db.query('INSERT INTO rule_evaluation_queue (pod_id) SELECT $1 FROM generate_series(1, 600)', [a.id]);
    const last = at(40);
    expect((await sendAt(a, last, 36)).status).toBe(202);
    expect(await queued()).toBe(603);

    expect(await evaluateQueued(t.db, opts)).toBe(603);
    expect(await queued()).toBe(0);
    expect(await evaluatedTo(a)).toBe(Date.parse(last));
    const alerts = await t.db.query<{ pod_id: number; value: number }>(
      "SELECT pod_id, value FROM notification WHERE type = 'ALERT' ORDER BY pod_id",
    );
    expect(alerts.map((n) => [n.pod_id, Number(n.value)])).toEqual([
      [a.id, 36],
      [b.id, 35],
    ]);
  });

  it("reads many pods' readings in one statement, not one a pod", async () => {
    // Pods with no episode open, so nothing is raised (a notification costs statements of its own).
    const quiet = pods.slice(2);
    for (const [i, pod] of quiet.entries()) expect((await send(pod, 30, 10 + i)).status).toBe(202);
    expect(await queued()).toBe(quiet.length);
    const { db, seen } = counting(t.db);
    expect(await evaluateQueued(db, opts)).toBe(quiet.length);
    for (const pod of quiet) expect(await evaluatedTo(pod)).toBeGreaterThan(Date.now() - 31 * 60_000);
    // Claim, presence (2), rules, episodes (2), readings, new states: none of them per pod.
    expect(seen.statements).toBeLessThan(quiet.length);
  });
});
