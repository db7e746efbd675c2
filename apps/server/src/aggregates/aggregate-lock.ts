import type { Granularity } from '@greenpod/contracts';
import type { Database, Queryable } from '../db/database';

// Two-key advisory lock: a namespace ('GPAG') for this module, then one key per granularity, so the
// daily, weekly and monthly jobs can run on different instances at the same time.
const LOCK_NAMESPACE = 0x47504147;
const LOCK_KEY: Record<Granularity, number> = { daily: 1, weekly: 2, monthly: 3 };

/**
 * Runs `fn` in a transaction holding the granularity's advisory lock, released at commit or rollback
 * (a transaction-level lock cannot leak if the process dies mid-job). `try` gives up at once and
 * returns null when another instance holds the lock (the scheduler: that instance is doing the job);
 * `wait` queues behind it (Generate and Delete from the API, which must report what they did).
 * PGlite is one session in one process, where the lock is always granted: there is nothing to share.
 */
export async function withAggregateLock<T>(
  db: Database,
  granularity: Granularity,
  mode: 'try' | 'wait',
  fn: (tx: Queryable) => Promise<T>,
): Promise<T | null> {
  return db.transaction(async (tx) => {
    const params = [LOCK_NAMESPACE, LOCK_KEY[granularity]];
    if (mode === 'wait') {
      await tx.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', params);
    } else {
      const [row] = await tx.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_xact_lock($1::int, $2::int) AS locked',
        params,
      );
      if (!row?.locked) return null;
    }
    return fn(tx);
  });
}
