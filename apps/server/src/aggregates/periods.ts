import type { Granularity } from '@greenpod/contracts';
import { offsetAt, wallAsUtcMs, wallTimeAt } from '@greenpod/contracts';

export { isTimeZone } from '@greenpod/contracts';
/**
 * Aggregation periods in a time zone (docs/domain.md#aggregates): a day runs from local midnight
 * to the next, a week from Monday 00:00 to the next Monday, a month from the 1st 00:00 to the next 1st.
 *
 * Rows are built from `measurement_hourly`, whose buckets are whole UTC hours. In a zone whose offset
 * is a whole number of hours every local boundary is a UTC hour boundary, so a row is exact. In a
 * zone with a half- or quarter-hour offset (Asia/Kolkata, Australia/Adelaide, ...) a bucket belongs to
 * the period its start falls in: in effect the period's boundaries move forward to the next whole UTC
 * hour (30 or 45 minutes later). Every reading is still counted exactly once and the result does not
 * depend on raw readings, which may be deleted by RAW_RETENTION_DAYS; `created` stays the local start.
 */

export interface Period {
  start: Date;
  end: Date;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The local wall-clock time of an instant, encoded as if it were a UTC instant (easy arithmetic). */
const wallClock = (ms: number, timeZone: string) => wallAsUtcMs(wallTimeAt(new Date(ms), timeZone));

/**
 * The instant of a local wall-clock time. Around a DST change two offsets are in play (real zones
 * change at most once a day). A time that exists once maps to that instant; a time in a spring-forward
 * gap or a fall-back overlap takes the later instant, which is what PostgreSQL's
 * `timestamp AT TIME ZONE` does, so these boundaries match the SQL that groups the buckets.
 */
function instantOf(wall: number, timeZone: string): number {
  const offsets = [offsetAt(wall - DAY_MS, timeZone), offsetAt(wall + DAY_MS, timeZone)];
  const valid = offsets.map((o) => wall - o).filter((t) => wallClock(t, timeZone) === wall);
  if (valid.length === 1 && valid[0] !== undefined) return valid[0];
  return wall - Math.min(...offsets);
}

/** The local calendar date (as a UTC midnight) on which a period containing `wall` starts. */
function truncate(wall: number, granularity: Granularity): number {
  const d = new Date(wall);
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
  if (granularity === 'daily') return Date.UTC(y, m, day);
  if (granularity === 'weekly') return Date.UTC(y, m, day - ((d.getUTCDay() + 6) % 7)); // Monday = 0
  return Date.UTC(y, m, 1);
}

function addPeriod(dateWall: number, granularity: Granularity): number {
  const d = new Date(dateWall);
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
  if (granularity === 'daily') return Date.UTC(y, m, day + 1);
  if (granularity === 'weekly') return Date.UTC(y, m, day + 7);
  return Date.UTC(y, m + 1, 1);
}

/** The start of the period that contains `instant`. */
export function periodStart(instant: Date, granularity: Granularity, timeZone: string): Date {
  return new Date(instantOf(truncate(wallClock(instant.getTime(), timeZone), granularity), timeZone));
}

/** The period that contains `instant`. */
export function periodAt(instant: Date, granularity: Granularity, timeZone: string): Period {
  const date = truncate(wallClock(instant.getTime(), timeZone), granularity);
  return {
    start: new Date(instantOf(date, timeZone)),
    end: new Date(instantOf(addPeriod(date, granularity), timeZone)),
  };
}

/**
 * The end of the last closed period at `now`: normally the start of the open one. `settleMs` lets a period
 * count as closed only a little after its end, so the readings pods send at the very end of it
 * (every 5 minutes, plus retries) are in before its row is written once and for all.
 */
export function closedUntil(now: Date, granularity: Granularity, timeZone: string, settleMs = 0): Date {
  const limit = now.getTime() - settleMs;
  const open = periodStart(new Date(limit), granularity, timeZone);
  // In a half-hour zone the hourly bucket holding a period's end is still filling until the next
  // whole hour; that period is complete only then.
  return ceilToUtcHour(open).getTime() <= limit
    ? open
    : periodStart(new Date(open.getTime() - 1), granularity, timeZone);
}

/** Every closed period from the one containing `from` on, oldest first. */
export function closedPeriods(
  from: Date,
  now: Date,
  granularity: Granularity,
  timeZone: string,
  settleMs = 0,
): Period[] {
  const until = closedUntil(now, granularity, timeZone, settleMs).getTime();
  const out: Period[] = [];
  let p = periodAt(from, granularity, timeZone);
  while (p.end.getTime() <= until) {
    out.push(p);
    p = periodAt(p.end, granularity, timeZone);
  }
  return out;
}

/** Rounds up to a whole UTC hour: the first hourly bucket that starts at or after `d`. */
export function ceilToUtcHour(d: Date): Date {
  return new Date(Math.ceil(d.getTime() / HOUR_MS) * HOUR_MS);
}
