/**
 * The daily inputs of the baseline model and the fill rule for incomplete days
 * (docs/domain.md#measured-baseline). Plain functions: no database, no clock.
 */

/** One calendar day of one meter, as the model reads it. */
export interface DayRecord {
  /** `yyyy-MM-dd`, the day in the site's time zone. */
  date: string;
  /** Use over the readings that arrived (kWh or litres); null when none did. */
  use: number | null;
  /** Intervals that reported. */
  readings: number;
  /** Intervals the day has: 288 normally, 276 or 300 on clock-change days. */
  expectedReadings: number;
  meanOutdoorC: number | null;
  occupiedHours: number | null;
}

/** A complete day with its use scaled up to the whole day. */
export interface FilledDay extends DayRecord {
  use: number;
  filledUse: number;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/**
 * Days since 1970-01-01 of a `yyyy-MM-dd` date. Day arithmetic on numbers keeps the period length
 * exact across clock changes; a date that does not exist (30 February) is refused, never rolled over.
 */
export function dayNumber(date: string): number {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`Not a yyyy-MM-dd date: ${date}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) {
    throw new RangeError(`No such day: ${date}`);
  }
  return ms / MS_PER_DAY;
}

/** Calendar days from `first` to `last`, both included. */
export const daysBetween = (first: string, last: string) => dayNumber(last) - dayNumber(first) + 1;

/**
 * Complete when at least half of the day's intervals reported. Below half, the day's mean says too
 * little about the missing half (a night without readings would be filled with daytime use).
 */
export function isCompleteDay(day: DayRecord): boolean {
  return (
    day.use !== null && Number.isFinite(day.use) && day.expectedReadings > 0 && day.readings * 2 >= day.expectedReadings
  );
}

/**
 * CalTRACK 2.2 fill: a complete day's missing intervals count as the mean of those that arrived, so
 * the day's use is scaled by expected / received. An incomplete day gives null: it is missing, and no
 * figure is made up for it. More readings than expected (never from deduplicated 5-minute readings)
 * are taken as they are rather than scaled down.
 */
export function fillDay(day: DayRecord): FilledDay | null {
  if (!isCompleteDay(day) || day.use === null) return null;
  const scale = day.readings < day.expectedReadings ? day.expectedReadings / day.readings : 1;
  return { ...day, use: day.use, filledUse: day.use * scale };
}

/** The complete days of a list, filled, in date order. */
export function completeDays(days: readonly DayRecord[]): FilledDay[] {
  const filled: FilledDay[] = [];
  for (const day of days) {
    const f = fillDay(day);
    if (f) filled.push(f);
  }
  return filled.sort((a, b) => dayNumber(a.date) - dayNumber(b.date));
}

/**
 * Share of a period's calendar days that are complete, 0..1. The period is counted in calendar
 * days (`periodDays`), not in records, so a day with no record at all counts as missing.
 */
export function completeness(days: readonly DayRecord[], periodDays: number): number {
  if (periodDays <= 0) return 0;
  return Math.min(1, days.filter(isCompleteDay).length / periodDays);
}
