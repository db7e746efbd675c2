import type { DashboardChartProps } from './dashboard-chart-props';

export type WindowMode = DashboardChartProps['window']['mode'];

/** The time tabs in order, with their labels (docs/screens.md#dashboard). */
export const TABS: readonly WindowMode[] = ['live', 'day', 'week', 'month', 'year', 'range'];
export const TAB_LABELS: Record<WindowMode, string> = {
  live: 'Live',
  day: 'Day',
  week: 'Week',
  month: 'Month',
  year: 'Year',
  range: 'Date Range',
};
/** Live timeframe choices, in minutes, and the default (docs/domain.md#windows). */
export const LIVE_MINUTES = [10, 20, 30, 40, 50, 60] as const;
export const DEFAULT_MINUTES = 30;
/** A fresh Date Range covers the last 7 days, today included. */
export const DEFAULT_RANGE_DAYS = 7;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written yyyy-MM-dd (2025-02-30 is not one). */
export function isDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && y >= 1970;
}

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
