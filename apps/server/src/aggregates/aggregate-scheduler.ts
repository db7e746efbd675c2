import { GRANULARITIES, type Granularity } from '@greenpod/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { startRecurringJob } from '../recurring-job';
import { generateAggregates } from './aggregate-generator';
import { withAggregateLock } from './aggregate-lock';

/** Rows written per granularity, or null where another instance held the job's lock. */
export type ScheduledRun = Record<Granularity, number | null>;

/**
 * One pass of the scheduled job: each granularity under its own advisory lock, so with several
 * instances exactly one of them generates a given granularity at a time and the others skip it.
 */
export async function runScheduledAggregates(
  db: Database,
  opts: { timeZone: string; now?: Date },
): Promise<ScheduledRun> {
  const out: Partial<ScheduledRun> = {};
  for (const g of GRANULARITIES) {
    out[g] = await withAggregateLock(db, g, 'try', (tx) =>
      generateAggregates(tx, g, { timeZone: opts.timeZone, now: opts.now, onlyAfterLatest: true }),
    );
  }
  return out as ScheduledRun;
}

/**
 * Generates each period shortly after it closes: a pass at start (catching up after downtime) and
 * then every `everyMs` (default 5 minutes; a period is generated within settle + interval of its end).
 */
export function startAggregateScheduler(
  db: Database,
  log: FastifyBaseLogger,
  opts: { timeZone?: string; everyMs?: number } = {},
) {
  const timeZone = opts.timeZone ?? 'UTC';
  return startRecurringJob(
    async () => {
      try {
        const result = await runScheduledAggregates(db, { timeZone });
        if (Object.values(result).some((n) => n)) log.info({ generated: result }, 'aggregated data generated');
      } catch (err) {
        log.error(err, 'aggregated data generation failed');
      }
    },
    { everyMs: opts.everyMs ?? 5 * 60_000 },
  );
}
