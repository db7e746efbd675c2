import type { FastifyBaseLogger } from 'fastify';
import { withAdvisoryLock } from '../db/advisory-lock';
import type { Database, Queryable } from '../db/database';
import { startRecurringJob } from '../recurring-job';
import { computeScores } from './score-compute';

// Two-key advisory lock with a namespace of its own ('GPSC'; the aggregates use 'GPAG'), one key: the pass.
const LOCK_NAMESPACE = 0x47505343;
const LOCK_KEY = 1;

/**
 * More work for the score's pass, under its lock, after the scores: the server sums the closed months reports read
 * there (reports/report-months.ts; their use while empty counts occupancy as the score does, docs/domain.md#reports).
 */
export type AfterScores = (q: Queryable, now: Date) => Promise<unknown>;

/**
 * One pass: every scope's score (docs/domain.md#green-score), then `afterScores`. On PostgreSQL in a transaction holding the score
 * lock, so with several instances one computes and the others skip (null). On PGlite (one process owns the
 * data folder: nothing to share) without a transaction, so requests are answered between its statements.
 */
export async function runScheduledScores(
  db: Database,
  opts: { now?: Date; afterScores?: AfterScores } = {},
): Promise<number | null> {
  const pass = async (q: Queryable) => {
    const written = await computeScores(q, { now: opts.now });
    await opts.afterScores?.(q, opts.now ?? new Date());
    return written;
  };
  if (db.kind === 'pglite') return pass(db);
  return withAdvisoryLock(db, { namespace: LOCK_NAMESPACE, key: LOCK_KEY }, 'try', pass);
}

/**
 * Scores every 15 minutes and at start. The savings pass may call `run()` after it stores savings (its
 * `onComputed` hook), so fresh savings reach the cards without waiting for the next tick.
 */
export function startScoreScheduler(
  db: Database,
  log: FastifyBaseLogger,
  opts: { everyMs?: number; afterScores?: AfterScores } = {},
) {
  // A call during a pass (fresh savings) asks for one more after it.
  return startRecurringJob(
    async () => {
      try {
        const started = Date.now();
        const written = await runScheduledScores(db, { afterScores: opts.afterScores });
        if (written !== null) log.debug({ written, ms: Date.now() - started }, 'green scores computed');
      } catch (err) {
        log.error(err, 'green score computation failed');
      }
    },
    { everyMs: opts.everyMs ?? 15 * 60_000, again: true },
  );
}
