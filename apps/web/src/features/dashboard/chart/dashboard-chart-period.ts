import { addMonths, LIVE_MINUTES, type WallTime, wallTimeAt, windowBounds, zonedToUtc } from '@greenpod/contracts';
import type { DashboardChartProps } from './dashboard-chart-props';

export type ChartWindow = DashboardChartProps['window'];

/** [from, to) in ms since the epoch. */
export interface Span {
  from: number;
  to: number;
}

/** The period before the shown one, and how an instant in it maps onto the shown period's axis. */
export interface PreviousPeriod {
  span: Span;
  shift(ms: number): number;
}

export const LIVE_DEFAULT_MINUTES: number = LIVE_MINUTES.default;

/** Whole days from one calendar date to another. */
const daysBetween = (a: WallTime, b: WallTime) =>
  Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);

/**
 * The instants a tab covers, read as the server reads them (contracts' windowBounds). `null` when the
 * tab names no window, as a Date Range still missing a date: the server would refuse it too.
 */
export function currentSpan(window: ChartWindow, tz: string, now: number): Span | null {
  const answer = windowBounds({ ...window, tz, now: new Date(now) });
  return 'window' in answer ? { from: answer.window.from.getTime(), to: answer.window.to.getTime() } : null;
}

/** Moves an instant by whole calendar units on the wall clock of `tz` (10:00 stays 10:00 across DST). */
function wallShift(tz: string, move: (w: WallTime, sign: 1 | -1) => WallTime) {
  return {
    back: (ms: number) => zonedToUtc(move(wallTimeAt(ms, tz), -1), tz).getTime(),
    forward: (ms: number) => zonedToUtc(move(wallTimeAt(ms, tz), 1), tz).getTime(),
  };
}

/**
 * The period before the shown one, as long as it on the wall clock: the previous N minutes (Live),
 * yesterday, last week, the month before, last year, or as many days before a Date Range. It runs
 * to the same point the shown period has reached (yesterday up to this time of day), so the two lines
 * end together. `shift` adds the period back, so yesterday 10:00 lands on today 10:00.
 */
export function previousPeriod(window: ChartWindow, tz: string, now: number): PreviousPeriod | null {
  const span = currentSpan(window, tz, now);
  if (!span) return null;
  const step = stepOf(window, span, tz);
  return { span: { from: step.back(span.from), to: step.back(span.to) }, shift: step.forward };
}

function stepOf(window: ChartWindow, span: Span, tz: string) {
  const days = (n: number) => wallShift(tz, (w, sign) => ({ ...w, day: w.day + sign * n }));
  const months = (n: number) => wallShift(tz, (w, sign) => addMonths(w, sign * n));
  switch (window.mode) {
    case 'live': {
      const width = span.to - span.from;
      return { back: (ms: number) => ms - width, forward: (ms: number) => ms + width };
    }
    case 'day':
      return days(1);
    case 'week':
      return days(7);
    case 'month':
      return months(1);
    case 'year':
      return months(12);
    case 'range': {
      const first = wallTimeAt(span.from, tz);
      const afterLast = wallTimeAt(span.to, tz);
      return days(daysBetween(first, afterLast));
    }
  }
}
