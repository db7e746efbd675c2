import { LIVE_MINUTES as LIVE_LIMITS, WINDOW_MODES, type WindowMode } from '@greenpod/contracts';
import type { DashboardChartProps } from '../chart/dashboard-chart-props';

export type { WindowMode };

/** The time tabs in order, with their labels (docs/screens.md#dashboard). */
export const TABS: readonly WindowMode[] = WINDOW_MODES;
export const TAB_LABELS: Record<WindowMode, string> = {
  live: 'Live',
  day: 'Day',
  week: 'Week',
  month: 'Month',
  year: 'Year',
  range: 'Date Range',
};
/** Live timeframe choices, in minutes, and the default (docs/domain.md#windows): every ten the server takes. */
export const LIVE_MINUTES: readonly number[] = Array.from(
  { length: (LIVE_LIMITS.max - LIVE_LIMITS.min) / 10 + 1 },
  (_, i) => LIVE_LIMITS.min + 10 * i,
);
export const DEFAULT_MINUTES: number = LIVE_LIMITS.default;
/** A fresh Date Range covers the last 7 days, today included. */
export const DEFAULT_RANGE_DAYS = 7;

/** Today's date on the viewer's wall clock: "today" in the windows is theirs, not the browser's or UTC. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA formats as yyyy-MM-dd.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** `day` moved by `days` calendar days (days are dates here, so no clock change can shift them). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

/** The window's query fields as every dashboard call takes them (docs/api.md#dashboards). */
export function windowQuery(window: DashboardChartProps['window'], tz: string) {
  return {
    mode: window.mode,
    minutes: window.mode === 'live' ? window.minutes : undefined,
    fromValue: window.mode === 'range' ? window.from : undefined,
    toValue: window.mode === 'range' ? window.to : undefined,
    tz,
  };
}
