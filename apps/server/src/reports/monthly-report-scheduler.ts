import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { startRecurringJob } from '../recurring-job';
import { runMonthlyReports } from './monthly-report';

/**
 * The monthly report mail (docs/domain.md#the-monthly-report-mail): a run at start and every `everyMs` (default 5 minutes, so a
 * subscription made after a month closed gets that month's report within 10), and on demand after a savings
 * pass (server.ts), which may be what the month's reports were waiting for.
 */
export function startMonthlyReportScheduler(
  db: Database,
  log: FastifyBaseLogger,
  opts: {
    timeZone: string;
    baseUrl: string;
    assetDir: string;
    everyMs?: number;
    now?: () => Date;
    autoStart?: boolean;
  },
) {
  return startRecurringJob(
    async () => {
      try {
        const run = await runMonthlyReports(db, {
          timeZone: opts.timeZone,
          baseUrl: opts.baseUrl,
          assetDir: opts.assetDir,
          now: opts.now?.(),
          log,
        });
        if (run?.queued) log.info({ monthlyReports: run }, 'monthly reports queued');
        return run;
      } catch (err) {
        log.error(err, 'the monthly report mail failed; trying again at the next run');
        return undefined;
      }
    },
    { everyMs: opts.everyMs ?? 5 * 60_000, autoStart: opts.autoStart, again: true },
  );
}
export type MonthlyReportScheduler = ReturnType<typeof startMonthlyReportScheduler>;
