import type { Database, Queryable } from './database';

/**
 * Runs `fn` in a transaction holding the two-key advisory lock (`namespace`, `key`), released at commit or
 * rollback, so a process that dies mid-job cannot leak it. `try` gives up at once and answers null when another
 * instance holds it (a scheduler: that instance is doing the job); `wait` queues behind it (an on-demand call that
 * must report what it did). Each job family has a namespace of its own (aggregates 'GPAG', savings 'GPSV', scores
 * 'GPSC'). On PGlite (one process owns the data folder) the lock is always granted: there is nothing to share.
 */
export async function withAdvisoryLock<T>(
  db: Database,
  lock: { namespace: number; key: number },
  mode: 'try' | 'wait',
  fn: (tx: Queryable) => Promise<T>,
): Promise<T | null> {
  return db.transaction(async (tx) => {
    const params = [lock.namespace, lock.key];
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
