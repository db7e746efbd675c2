/**
 * Wall-clock arithmetic in an IANA time zone with nothing but Intl, so neither the server nor the
 * browser needs a date library: "today", "Monday" or "1 January" in the viewer's zone, DST days being
 * 23 or 25 hours long. A wall time is the set of fields a clock on the wall in that zone shows. One
 * copy for both sides, so they agree on what a wall time denotes.
 */
export interface WallTime {
  year: number;
  month: number; // 1..12
  day: number; // may overflow (32, 0, -3): Date.UTC normalises it, which makes "day + 7" trivial
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    // hourCycle h23: midnight must read 0, not 24 (en-US with hour12:false says "24").
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** True when the runtime knows the zone; the routes turn false into a 400. */
export function isTimeZone(tz: string): boolean {
  try {
    formatterFor(tz);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock in `tz` at an instant, a Date or ms since the epoch (seconds precision). */
export function wallTimeAt(instant: Date | number, tz: string): WallTime {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(tz).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** A wall time encoded as if it were a UTC instant, for plain arithmetic on local dates. */
export const wallAsUtcMs = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/** Offset of `tz` from UTC at an instant, in ms (London in summer: +3,600,000). */
export function offsetAt(ms: number, tz: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallAsUtcMs(wallTimeAt(new Date(whole), tz)) - whole;
}

/**
 * The instant a wall time denotes in `tz`. Around a DST change a wall time can happen twice (the
 * autumn hour: the first one is taken) or never (the spring gap: it is read with the offset before
 * the change, i.e. pushed forward by the gap, as Temporal's "compatible" does). So the first
 * instant of a day whose midnight is skipped is the end of the gap, still the day's start.
 * `hint`, an offset the zone had shortly before (the previous day's), is tried first: one Intl call
 * instead of four or five when it holds, which it does on all but DST days (a year of day edges).
 */
export function zonedToUtc(wall: WallTime, tz: string, hint?: number): Date {
  const w = wallAsUtcMs(wall);
  if (hint !== undefined && offsetAt(w - hint, tz) === hint) return new Date(w - hint);
  const day = 86_400_000;
  const before = offsetAt(w - day, tz);
  const after = offsetAt(w + day, tz);
  const valid = [before, after].map((o) => w - o).filter((ms) => offsetAt(ms, tz) === w - ms);
  if (valid.length) return new Date(Math.min(...valid));
  return new Date(w - before);
}

/** Start (00:00, or the first instant) of the calendar day `addDays` after the one holding `instant`. */
export function startOfDay(instant: Date, tz: string, addDays = 0): Date {
  const w = wallTimeAt(instant, tz);
  return zonedToUtc({ year: w.year, month: w.month, day: w.day + addDays, hour: 0, minute: 0, second: 0 }, tz);
}

/** Days in a month of a year (month 1..12). */
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The same wall time `months` calendar months later (or earlier), the day clamped to the shorter
 * month's last day: 31 March less one month is 28 (or 29) February, as the Month tab reads it.
 */
export function addMonths(w: WallTime, months: number): WallTime {
  const index = w.year * 12 + (w.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { ...w, year, month, day: Math.min(w.day, daysInMonth(year, month)) };
}

/** Monday = 0 .. Sunday = 6 for a wall date (ISO weeks start on Monday). */
export function isoWeekday(w: Pick<WallTime, 'year' | 'month' | 'day'>): number {
  return (new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay() + 6) % 7;
}
