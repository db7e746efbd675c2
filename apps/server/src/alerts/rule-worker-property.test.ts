import { getResource } from '@greenpod/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireTimeSql } from '../db/wire-time-sql';
import { create } from '../test/factory';
import { podWithSensors } from '../test/pod-fixture';
import { drainRules } from '../test/rule-drain';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const drain = () => drainRules(t);

describe('the rules engine through ingest and the queue', () => {
  it('raises the same notifications for readings sent once in order as for the same readings duplicated, shuffled and resent', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(
          fc.record({ minute: fc.integer({ min: 1, max: 180 }), value: fc.integer({ min: 0, max: 40 }) }),
          { minLength: 1, maxLength: 25, selector: (r) => r.minute },
        ),
        fc.integer({ min: 0, max: 40 }),
        fc.constantFrom('greater', 'smaller'),
        fc.integer(),
        async (readings, threshold, condition, seed) => {
          // One rule, two pods: its own, and one an Alert row binds to it.
          const inOrder = await podWithSensors(t, ['TEMPERATURE']);
          const messy = await podWithSensors(t, ['TEMPERATURE'], inOrder.ctx);
          const ruleId = await create(t, getResource('rule'), inOrder.ctx, {
            podId: inOrder.id,
            sensorId: inOrder.sensors.TEMPERATURE ?? 0,
            condition,
            thresholdValue: threshold,
            severity: 'MEDIUM',
          });
          await create(t, getResource('alert'), messy.ctx, { podId: messy.id, ruleId });
          // Within the hour a rule met the first time looks back over (15 s apart, up to 45 minutes).
          const base = Date.now() - 50 * 60_000;
          const body = (rs: typeof readings) => ({
            readings: rs.map((r) => ({
              sensorType: 'TEMPERATURE',
              value: r.value,
              created: new Date(base + r.minute * 15_000).toISOString(),
            })),
          });
          const send = (pod: typeof inOrder, rs: typeof readings) =>
            t.call('POST', '/api/ingest', {
              body: body(rs),
              headers: { authorization: `Pod ${pod.identifier}:${pod.key}` },
            });

          const sorted = [...readings].sort((a, b) => a.minute - b.minute);
          expect((await send(inOrder, sorted)).status).toBe(202);
          // Every reading twice, in a shuffled order (a seeded Fisher-Yates), then some of them again.
          const twice = [...readings, ...readings];
          let s = seed;
          for (let i = twice.length - 1; i > 0; i--) {
            s = (s * 1103515245 + 12345) & 0x7fffffff;
            const j = s % (i + 1);
            [twice[i], twice[j]] = [twice[j] as (typeof twice)[number], twice[i] as (typeof twice)[number]];
          }
          expect((await send(messy, twice)).status).toBe(202);
          expect(
            (
              await send(
                messy,
                readings.filter((_, i) => i % 2 === 0),
              )
            ).status,
          ).toBe(202);
          await drain();

          const raised = async (podId: number) =>
            (
              await t.db.query<{ type: string; value: number; at: string }>(
                `SELECT type, value, ${wireTimeSql('reading_at')} AS at
                 FROM notification WHERE rule_id = $1 AND pod_id = $2 ORDER BY reading_at, type`,
                [ruleId, podId],
              )
            ).map((n) => `${n.at} ${n.type} ${Number(n.value)}`);
          expect(await raised(messy.id)).toEqual(await raised(inOrder.id));
        },
      ),
      { numRuns: 6 },
    );
  }, 120_000);
});
