import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';

/**
 * Housekeeping that runs on a timer: a CHECKPOINT keeps PGlite's write-ahead log bounded, and raw
 * readings older than RAW_RETENTION_DAYS are dropped (the rollups keep their history).
 */
export function startMaintenance(db: Database, opts: { retentionDays?: number; log: FastifyBaseLogger; everyMs?: number }) {
  const run = async () => {
    try {
      if (opts.retentionDays) {
        const [r] = await db.query<{ n: number }>(
          `WITH gone AS (DELETE FROM measurement WHERE created < now() - make_interval(days => $1) RETURNING 1)
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
