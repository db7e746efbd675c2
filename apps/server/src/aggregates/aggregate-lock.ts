import type { Granularity } from '@greenpod/contracts';
import { withAdvisoryLock } from '../db/advisory-lock';
import type { Database, Queryable } from '../db/database';

// Two-key advisory lock: a namespace ('GPAG') for this module, then one key per granularity, so the
// daily, weekly and monthly jobs can run on different instances at the same time.
const LOCK_NAMESPACE = 0x47504147;
const LOCK_KEY: Record<Granularity, number> = { daily: 1, weekly: 2, monthly: 3 };

/** The granularity's lock (db/advisory-lock.ts): the scheduler tries it, Generate and Delete wait for it. */
export async function withAggregateLock<T>(
  db: Database,
  granularity: Granularity,
  mode: 'try' | 'wait',
  fn: (tx: Queryable) => Promise<T>,
): Promise<T | null> {
  return withAdvisoryLock(db, { namespace: LOCK_NAMESPACE, key: LOCK_KEY[granularity] }, mode, fn);
}
