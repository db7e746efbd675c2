import type { FastifyBaseLogger } from 'fastify';
import { withAdvisoryLock } from '../db/advisory-lock';
import type { Database, Queryable } from '../db/database';
import { startRecurringJob } from '../recurring-job';
import { makeWeeksAhead, retentionHorizonSql } from './measurement-partitions';
import { RAW_LOCATION_ROLLUPS } from './rollup-tables';

/** One pass at a time over every instance sharing the database ('GPMT'); other jobs have namespaces of their own. */
const LOCK = { namespace: 0x47504d54, key: 1 };
/** How long dropping a week waits for the readers and writers of `measurement` before trying again next pass. */
const DROP_LOCK_TIMEOUT = '5s';

/**
 * Housekeeping that runs at start and on a timer (docs/domain.md#retention): weeks of raw readings wholly past
 * RAW_RETENTION_DAYS are dropped (the rollups keep their history, except the minute and 5-minute location rows, which are
 * made of raw readings), the weekly partitions are made ahead, and a CHECKPOINT keeps PGlite's write-ahead log
 * bounded.
 */
export function startMaintenance(
  db: Database,
  opts: { retentionDays?: number; log: FastifyBaseLogger; everyMs?: number },
) {
  const pass = async () => {
    try {
      const dropped = opts.retentionDays
        ? await withAdvisoryLock(db, LOCK, 'try', (tx) => dropPastRetention(tx, opts.retentionDays as number))
        : null;
      if (dropped?.weeks) opts.log.info(dropped, 'weeks of raw readings past retention dropped');
      // In a transaction of its own: a drop that timed out waiting for its lock does not hold back the weeks ahead.
      const made = await withAdvisoryLock(db, LOCK, 'try', makeWeeksAhead);
      if (made) opts.log.info({ partitions: made }, 'weekly partitions of raw readings made');
      if (db.kind === 'pglite') await db.query('CHECKPOINT');
    } catch (err) {
      opts.log.error(err, 'maintenance failed');
    }
  };
  // The first pass at start: a server that was down for weeks makes the current week's partition at once.
  return startRecurringJob(pass, { everyMs: opts.everyMs ?? 5 * 60_000 });
}

/** Drops what lies before the retention horizon (docs/domain.md#retention). */
async function dropPastRetention(tx: Queryable, retentionDays: number) {
  const [row] = await tx.query<{ horizon: Date }>(`SELECT ${retentionHorizonSql('$1::int')} AS horizon`, [
    retentionDays,
  ]);
  return dropRawBefore(tx, row?.horizon as Date);
}

/**
 * Drops every week that ends by `keptFrom` (a week boundary) and the older readings of measurement_before
 * (greenpod_measurement_drop_before), and the minute and 5-minute location rows before it (built from raw readings; a
 * moving pod's are rebuilt from them), so they stay the sums of the raw readings kept.
 */
export async function dropRawBefore(tx: Queryable, keptFrom: Date) {
  // DROP waits for every statement reading measurement and queues new ones behind it: not for long.
  await tx.query(`SET LOCAL lock_timeout = '${DROP_LOCK_TIMEOUT}'`);
  const [row] = await tx.query<{ weeks: number }>('SELECT greenpod_measurement_drop_before($1) AS weeks', [keptFrom]);
  for (const level of RAW_LOCATION_ROLLUPS) await tx.query(`DELETE FROM ${level.table} WHERE bucket < $1`, [keptFrom]);
  return { keptFrom, weeks: row?.weeks ?? 0 };
}
