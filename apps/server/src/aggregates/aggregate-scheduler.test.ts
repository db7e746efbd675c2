import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReadings } from '../telemetry/measurement-writer';
import { podWithSensors } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { withAggregateLock } from './aggregate-lock';
import { runScheduledAggregates, startAggregateScheduler } from './aggregate-scheduler';

let t: TestApp;
const now = new Date('2024-07-01T01:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  // Three pods, a reading every hour for three weeks of June: many rows for each granularity.
  for (let p = 0; p < 3; p++) {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    const sensorId = pod.sensors.TEMPERATURE ?? 0;
    const rows = Array.from({ length: 21 * 24 }, (_, h) => ({
      podId: pod.id,
      sensorId,
      sensorType: 'TEMPERATURE',
      value: 20 + (h % 5),
      created: new Date(Date.UTC(2024, 5, 3, h)),
    }));
    await insertReadings(t.db, rows);
  }
});
afterAll(async () => {
  await t.close();
});

const counts = async () =>
  Object.fromEntries(
    (
      await t.db.query<{ granularity: string; n: number; distinct_n: number }>(
        `SELECT granularity, count(*)::int AS n, count(DISTINCT (pod_id, created))::int AS distinct_n
       FROM aggregated_data GROUP BY granularity`,
      )
    ).map((r) => [r.granularity, r]),
  );

describe('runScheduledAggregates', () => {
  it('two concurrent runs generate each row exactly once, without errors', async () => {
    const runs = await Promise.all([
      runScheduledAggregates(t.db, { timeZone: 'UTC', now }),
      runScheduledAggregates(t.db, { timeZone: 'UTC', now }),
    ]);
    const c = await counts();
    // 21 days from Monday 3 June; 3 whole weeks; June.
    expect({ daily: c.daily?.n, weekly: c.weekly?.n, monthly: c.monthly?.n }).toEqual({
      daily: 63,
      weekly: 9,
      monthly: 3,
    });
    for (const g of ['daily', 'weekly', 'monthly'] as const) {
      expect(c[g]?.distinct_n).toBe(c[g]?.n);
      // Whichever run got the lock first wrote every row; the other skipped (null) or found nothing left.
      expect(runs.reduce((sum, r) => sum + (r[g] ?? 0), 0)).toBe(c[g]?.n);
    }
    expect(await runScheduledAggregates(t.db, { timeZone: 'UTC', now })).toEqual({ daily: 0, weekly: 0, monthly: 0 });
  });

  // Exclusion needs a second session: PGlite is one session in one process (where the lock is always
  // granted and transactions run one after another), so this runs in CI against PostgreSQL.
  it.runIf(process.env.DATABASE_URL)('skips a granularity whose lock another instance holds', async () => {
    await t.db.query("DELETE FROM aggregated_data WHERE granularity = 'daily'");
    const result = await withAggregateLock(t.db, 'daily', 'wait', () =>
      runScheduledAggregates(t.db, { timeZone: 'UTC', now }),
    );
    expect(result).toEqual({ daily: null, weekly: 0, monthly: 0 });
    expect((await counts()).daily).toBeUndefined();
    expect((await runScheduledAggregates(t.db, { timeZone: 'UTC', now })).daily).toBe(63);
  });
});

describe('startAggregateScheduler', () => {
  it('runs a pass at start and on demand, and stops cleanly', async () => {
    await t.db.query('DELETE FROM aggregated_data');
    const scheduler = startAggregateScheduler(t.db, t.app.log, { timeZone: 'UTC', everyMs: 60_000 });
    await scheduler.run();
    expect((await counts()).daily?.n).toBe(63);
    await scheduler.stop();
    await t.db.query('DELETE FROM aggregated_data');
    await scheduler.run(); // stopped: no pass
    expect(await counts()).toEqual({});
  });
});
