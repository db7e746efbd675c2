/**
 * Wall-clock arithmetic in an IANA zone with nothing but Intl: "yesterday at this time" or "1 January"
 * in the viewer's zone, DST days being 23 or 25 hours long. It mirrors the server's time/time-zone.ts
 * (which decides the dashboard windows), so both sides agree on what a wall time denotes.
 */
export interface WallTime {
  year: number;
  month: number; // 1..12
  day: number; // may overflow (32, 0, -3): Date.UTC normalises it, so "day - 7" is plain arithmetic
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    // hourCycle h23: midnight must read 0, not 24.
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

/** The wall clock in `tz` at an instant (seconds precision). */
export function wallTimeAt(ms: number, tz: string): WallTime {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(tz).formatToParts(new Date(ms))) {
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

const wallAsUtcMs = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

function offsetAt(ms: number, tz: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallAsUtcMs(wallTimeAt(whole, tz)) - whole;
}

/**
 * The instant (ms) a wall time denotes in `tz`. A wall time that happens twice (the autumn hour)
 * is the first; one that never happens (the spring gap) is pushed forward by the gap.
 */
export function zonedToUtc(wall: WallTime, tz: string): number {
  const w = wallAsUtcMs(wall);
  const day = 86_400_000;
  const before = offsetAt(w - day, tz);
  const after = offsetAt(w + day, tz);
  const valid = [before, after].map((o) => w - o).filter((ms) => offsetAt(ms, tz) === w - ms);
  return valid.length ? Math.min(...valid) : w - before;
}

/** Days in a month of a year (month 1..12). */
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The same wall time `months` calendar months later (or earlier), the day clamped to the shorter
 * month's last day: 31 March less one month is 28 (or 29) February, as the server's Month tab reads it.
 */
export function addMonths(w: WallTime, months: number): WallTime {
  const index = w.year * 12 + (w.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { ...w, year, month, day: Math.min(w.day, daysInMonth(year, month)) };
}

/** Monday = 0 .. Sunday = 6 (ISO weeks start on Monday). */
export const isoWeekday = (w: Pick<WallTime, 'year' | 'month' | 'day'>) =>
  (new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay() + 6) % 7;
