import { type CalendarDate, parseDateOnly } from './date-only';
import { addMonths, isoWeekday, wallTimeAt, zonedToUtc } from './zoned-time';

/** The dashboard's time tabs (docs/screens.md#dashboard), `range` being Date Range. */
export const WINDOW_MODES = ['live', 'day', 'week', 'month', 'year', 'range'] as const;
export type WindowMode = (typeof WINDOW_MODES)[number];

/** Live's timeframe in minutes: a whole number in [min, max] (docs/domain.md#windows). */
export const LIVE_MINUTES = { min: 10, max: 60, default: 30 } as const;

export interface WindowInput {
  mode: WindowMode;
  minutes?: number | undefined;
  /** Date Range only: `yyyy-MM-dd`, a calendar date in `tz`. */
  from?: string | undefined;
  to?: string | undefined;
  tz: string;
  now: Date;
}

/** A half-open interval [from, to): a reading stamped exactly `to` belongs to the next window. */
export interface TimeWindow {
  from: Date;
  to: Date;
}

/** Why a tab names no window, against the query field (docs/api.md#dashboards) that has to change. */
export interface WindowProblem {
  field: 'minutes' | 'fromValue' | 'toValue';
  message: string;
  /** What to do, for the field's validation error. */
  hint: string;
}

/**
 * The instants a dashboard tab covers (docs/domain.md#windows). "Today", "Monday" and
 * "1 January" are read on the viewer's wall clock, so a DST day is 23 or 25 hours long here.
 * Date Range runs to the end of its last day: its `to` is the next day's 00:00, exclusive, which
 * covers 23:59:59.999 without a gap. The server answers a problem with a 400; the browser, which
 * reads the same window to draw the period before it, simply has none.
 */
export function windowBounds(input: WindowInput): { window: TimeWindow } | { problem: WindowProblem } {
  const { tz, now } = input;
  const wall = wallTimeAt(now, tz);
  const midnight = (year: number, month: number, day: number) =>
    zonedToUtc({ year, month, day, hour: 0, minute: 0, second: 0 }, tz);
  const since = (from: Date) => ({ window: { from, to: now } });
  switch (input.mode) {
    case 'live': {
      const minutes = input.minutes ?? LIVE_MINUTES.default;
      if (!Number.isInteger(minutes) || minutes < LIVE_MINUTES.min || minutes > LIVE_MINUTES.max) {
        return {
          problem: {
            field: 'minutes',
            message: `minutes must be a whole number from ${LIVE_MINUTES.min} to ${LIVE_MINUTES.max}`,
            hint: `Choose ${LIVE_MINUTES.min} to ${LIVE_MINUTES.max} minutes`,
          },
        };
      }
      return since(new Date(now.getTime() - minutes * 60_000));
    }
    case 'day':
      return since(midnight(wall.year, wall.month, wall.day));
    case 'week':
      return since(midnight(wall.year, wall.month, wall.day - isoWeekday(wall)));
    case 'month':
      // 31 March -> 28 (or 29) February: the day is clamped to the shorter month's last day.
      return since(zonedToUtc(addMonths(wall, -1), tz));
    case 'year':
      return since(midnight(wall.year, 1, 1));
    case 'range': {
      const start = parseDateOnly(input.from);
      if (!start) return { problem: badDate('fromValue') };
      const end = parseDateOnly(input.to);
      if (!end) return { problem: badDate('toValue') };
      const key = (d: CalendarDate) => d.year * 10_000 + d.month * 100 + d.day;
      if (key(end) > key(wall) || key(start) > key(wall)) {
        return {
          problem: {
            field: 'toValue',
            message: 'Dates after today cannot be chosen',
            hint: 'Choose today or an earlier date',
          },
        };
      }
      if (key(end) < key(start)) {
        return {
          problem: {
            field: 'toValue',
            message: 'The end date is before the start date',
            hint: 'Choose an end date on or after the start date',
          },
        };
      }
      return {
        window: { from: midnight(start.year, start.month, start.day), to: midnight(end.year, end.month, end.day + 1) },
      };
    }
  }
}

const badDate = (field: 'fromValue' | 'toValue'): WindowProblem => ({
  field,
  message: `${field} must be a date like 2026-03-29`,
  hint: 'Enter a valid date (yyyy-MM-dd)',
});
