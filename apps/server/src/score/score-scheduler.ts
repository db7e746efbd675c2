import type { FastifyBaseLogger } from 'fastify';
import { withAdvisoryLock } from '../db/advisory-lock';
import type { Database } from '../db/database';
import { startRecurringJob } from '../recurring-job';
import { computeScores } from './score-compute';

// Two-key advisory lock with a namespace of its own ('GPSC'; the aggregates use 'GPAG'), one key: the pass.
const LOCK_NAMESPACE = 0x47505343;
const LOCK_KEY = 1;

/**
 * One pass: every scope's score (docs/domain.md#green-score). On PostgreSQL in a transaction holding the score
 * lock, so with several instances one computes and the others skip (null). On PGlite (one process owns the
 * data folder: nothing to share) without a transaction, so requests are answered between its statements.
 */
export async function runScheduledScores(db: Database, opts: { now?: Date } = {}): Promise<number | null> {
  if (db.kind === 'pglite') return computeScores(db, { now: opts.now });
  return withAdvisoryLock(db, { namespace: LOCK_NAMESPACE, key: LOCK_KEY }, 'try', (tx) =>
    computeScores(tx, { now: opts.now }),
  );
}

/**
 * Scores every 15 minutes and at start. The savings pass may call `run()` after it stores savings (its
 * `onComputed` hook), so fresh savings reach the cards without waiting for the next tick.
 */
export function startScoreScheduler(db: Database, log: FastifyBaseLogger, opts: { everyMs?: number } = {}) {
  // A call during a pass (fresh savings) asks for one more after it.
  return startRecurringJob(
    async () => {
      try {
        const started = Date.now();
        const written = await runScheduledScores(db);
        if (written !== null) log.debug({ written, ms: Date.now() - started }, 'green scores computed');
      } catch (err) {
        log.error(err, 'green score computation failed');
      }
    },
    { everyMs: opts.everyMs ?? 15 * 60_000, again: true },
  );
}
