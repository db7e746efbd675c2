import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { LOCATION_ROLLUP } from './rollup-tables';

const fine = LOCATION_ROLLUP.fiveMinutes;

/**
 * Housekeeping that runs on a timer: a CHECKPOINT keeps PGlite's write-ahead log bounded, and raw
 * readings older than RAW_RETENTION_DAYS are dropped (the rollups keep their history, except the
 * 5-minute location rows, which are made of raw readings).
 */
export function startMaintenance(
  db: Database,
  opts: { retentionDays?: number; log: FastifyBaseLogger; everyMs?: number },
) {
  const run = async () => {
    try {
      if (opts.retentionDays) {
        const [r] = await db.query<{ n: number }>(
          // The 5-minute location rows are built from raw readings (a moving pod's are rebuilt from
          // them), so they go with them, from the same 5-minute boundary.
          `WITH cutoff AS (SELECT ${fine.bucket('now() - make_interval(days => $1)')} AS t),
           gone AS (DELETE FROM measurement WHERE created < (SELECT t FROM cutoff) RETURNING 1),
           fine AS (DELETE FROM ${fine.table} WHERE bucket < (SELECT t FROM cutoff))
           SELECT count(*)::int AS n FROM gone`,
          [opts.retentionDays],
        );
        if (r?.n) opts.log.info({ deleted: r.n }, 'raw readings past retention deleted');
      }
      if (db.kind === 'pglite') await db.query('CHECKPOINT');
    } catch (err) {
      opts.log.error(err, 'maintenance failed');
    }
  };
  const timer = setInterval(() => void run(), opts.everyMs ?? 5 * 60_000);
  timer.unref();
  return { run, stop: () => clearInterval(timer) };
}
