import { type Granularity, wallTimeAt, zonedToUtc } from '@greenpod/contracts';
import { AGGREGATE_SETTLE_MS } from '../aggregates/aggregate-generator';
import { closedPeriods, closedUntil, periodAt } from '../aggregates/periods';

/**
 * The calendar of savings (docs/domain.md#savings): a saving's period is a local day, ISO week (from Monday) or
 * month in AGGREGATE_TIMEZONE, closed like the aggregates' periods (aggregates/periods.ts, AGGREGATE_SETTLE_MS).
 */
export type SavingType = 'DAILY' | 'WEEKLY' | 'MONTHLY';
export const GRANULARITY_OF: Record<SavingType, Granularity> = { DAILY: 'daily', WEEKLY: 'weekly', MONTHLY: 'monthly' };

export interface SavingPeriod {
  start: Date;
  end: Date;
  /** First and last local day, both included (yyyy-MM-dd). */
  first: string;
  last: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const INTERVAL_MS = 5 * 60_000;

/** The local calendar date (yyyy-MM-dd) of an instant. */
export function localDate(instant: Date, timeZone: string): string {
  const w = wallTimeAt(instant, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** The first instant of a local calendar day. */
export function dayStart(date: string, timeZone: string, addDays = 0): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return zonedToUtc({ year: y, month: m, day: d + addDays, hour: 0, minute: 0, second: 0 }, timeZone);
}

/** yyyy-MM-dd plus n calendar days (pure calendar arithmetic). */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Every calendar day from `first` to `last`, both included. */
export function datesBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The 5-minute intervals of a local day: 288, or 276 / 300 on a clock-change day. */
export const intervalsOf = (date: string, timeZone: string) =>
  Math.round((dayStart(date, timeZone, 1).getTime() - dayStart(date, timeZone).getTime()) / INTERVAL_MS);

const periodOf = (p: { start: Date; end: Date }, timeZone: string): SavingPeriod => ({
  start: p.start,
  end: p.end,
  first: localDate(p.start, timeZone),
  last: localDate(new Date(p.end.getTime() - 1), timeZone),
});

/** The closed periods of a type from the one holding `from` on, oldest first. */
export function closedSavingPeriods(type: SavingType, from: Date, now: Date, timeZone: string): SavingPeriod[] {
  return closedPeriods(from, now, GRANULARITY_OF[type], timeZone, AGGREGATE_SETTLE_MS).map((p) =>
    periodOf(p, timeZone),
  );
}

/** The last `count` closed periods of a type at `now`, oldest first (the summary's windows). */
export function lastClosedPeriods(type: SavingType, now: Date, timeZone: string, count = 1): SavingPeriod[] {
  const out: SavingPeriod[] = [];
  let end = closedUntil(now, GRANULARITY_OF[type], timeZone, AGGREGATE_SETTLE_MS);
  for (let i = 0; i < count; i++) {
    const p = periodAt(new Date(end.getTime() - 1), GRANULARITY_OF[type], timeZone);
    out.unshift(periodOf(p, timeZone));
    end = p.start;
  }
  return out;
}

/** How far back savings are computed: the last 12 months. */
export const catchUpFrom = (now: Date) => {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  return d;
};

/** A period in words: "2026-10-05", "2026-10-05 to 2026-10-11", "October 2026". */
export function timeRangeText(type: SavingType, p: SavingPeriod): string {
  if (type === 'DAILY') return p.first;
  if (type === 'WEEKLY') return `${p.first} to ${p.last}`;
  const [y, m] = p.first.split('-').map(Number) as [number, number];
  const month = new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
  return `${month} ${y}`;
}
