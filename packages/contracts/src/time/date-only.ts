/**
 * A calendar date on the wire and in links: `yyyy-MM-dd`, a day on the viewer's wall clock rather than
 * an instant (Date Range's days, the alarm-health report's days).
 */
export const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface CalendarDate {
  year: number;
  month: number; // 1..12
  day: number;
}

/**
 * The calendar date `value` writes, or null. 2026-02-30 is no date (Date.UTC would roll it over to
 * March), and neither is one before 1970: no reading can be older, and Date.UTC would read the years
 * 0000..0099 as 1900..1999.
 */
export function parseDateOnly(value: string | undefined): CalendarDate | null {
  const m = value === undefined ? null : DATE_ONLY.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  const real = check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
  return real && year >= 1970 ? { year, month, day } : null;
}

/** A real calendar day written yyyy-MM-dd, from 1970 on. */
export const isDateOnly = (value: string): boolean => parseDateOnly(value) !== null;
