import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { startRecurringJob } from '../recurring-job';
import { computeTariffSavings, loadTariffs, withSavingsLock } from './savings-compute';

/** What a pass did: rows made, and tariffs skipped because another instance held their pod. */
export interface SavingsPass {
  computed: number;
  skipped: number;
}

/** Called after every pass (the green score refreshes itself from it). */
export type OnSavingsComputed = (pass: SavingsPass) => Promise<void>;

/**
 * One pass over every tariff (docs/domain.md#savings): each pod under its own advisory lock, tried, so with several
 * instances one of them computes a pod's savings and the others skip it; the unique key makes a repeat harmless.
 */
export async function runSavingsPass(db: Database, opts: { timeZone: string; now?: Date }): Promise<SavingsPass> {
  const now = opts.now ?? new Date();
  const pass: SavingsPass = { computed: 0, skipped: 0 };
  for (const tariff of await loadTariffs(db)) {
    const ids = await withSavingsLock(db, tariff.podId, 'try', (tx) =>
      computeTariffSavings(tx, tariff, { now, timeZone: opts.timeZone }),
    );
    if (ids === null) pass.skipped++;
    else pass.computed += ids.length;
  }
  return pass;
}

/**
 * Computes each period's savings shortly after it closes: a pass at start (catching up the last 12 months), then
 * every `everyMs` (default 5 minutes). Started after the aggregates scheduler (server.ts).
 */
export function startSavingsScheduler(
  db: Database,
  log: FastifyBaseLogger,
  opts: { timeZone?: string; everyMs?: number; now?: () => Date; autoStart?: boolean } = {},
) {
  const timeZone = opts.timeZone ?? 'UTC';
  const onComputed: OnSavingsComputed[] = [];
  const pass = async (): Promise<SavingsPass | undefined> => {
    try {
      const result = await runSavingsPass(db, { timeZone, now: opts.now?.() });
      if (result.computed) log.info({ savings: result }, 'savings computed');
      for (const callback of onComputed) {
        try {
          await callback(result);
        } catch (err) {
          log.error(err, 'after-savings callback failed');
        }
      }
      return result;
    } catch (err) {
      log.error(err, 'savings computation failed');
      return undefined;
    }
  };
  const job = startRecurringJob(pass, { everyMs: opts.everyMs ?? 5 * 60_000, autoStart: opts.autoStart });
  return {
    ...job,
    /** Callbacks run after each pass, in order (push to add one). */
    onComputed,
  };
}
export type SavingsScheduler = ReturnType<typeof startSavingsScheduler>;
