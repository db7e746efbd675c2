import { AGGREGATE_SETTLE_MS } from '../aggregates/aggregate-generator';
import type { Queryable } from '../db/database';
import { loadTariffs, missingPeriods } from '../savings/savings-compute';
import { addDays, dayStart } from '../savings/savings-periods';

/** After this long past the month's end, the report goes out even with savings missing (it says which). */
export const SEND_ANYWAY_AFTER_MS = 6 * 60 * 60_000;

export type MonthReadiness = 'ready' | 'waiting' | 'overdue';

/**
 * Whether a location's report for a closed month can be mailed (docs/domain.md#the-monthly-report-mail): the month has settled as
 * the rollups and savings see it, and no tariff of the location's pods still lacks a saving for a closed period
 * overlapping the month (the savings scheduler's own test of what is missing, so both agree). `overdue`: some
 * still lack one SEND_ANYWAY_AFTER_MS after the month ended (a pod whose savings keep failing must not hold
 * back everyone's report for ever).
 */
export async function monthReadiness(
  db: Queryable,
  locationId: number,
  month: { from: string; to: string },
  opts: { now: Date; timeZone: string },
): Promise<MonthReadiness> {
  const ended = dayStart(addDays(month.to, 1), opts.timeZone).getTime();
  const since = opts.now.getTime() - ended;
  if (since < AGGREGATE_SETTLE_MS) return 'waiting';
  const pods = await db.query<{ id: number }>('SELECT id FROM pod WHERE location_id = $1', [locationId]);
  if (pods.length === 0) return 'ready';
  for (const tariff of await loadTariffs(db, { podIds: pods.map((p) => p.id) })) {
    const missing = await missingPeriods(db, tariff, opts.now, opts.timeZone);
    if (missing.some((p) => p.first <= month.to && p.last >= month.from))
      return since >= SEND_ANYWAY_AFTER_MS ? 'overdue' : 'waiting';
  }
  return 'ready';
}
