import { addMonths, DATE_ONLY, SENSOR_LABELS, SENSOR_UNITS, type SensorType, wallTimeAt } from '@greenpod/contracts';
import { getTimeZone } from '../../../lib/preferences';
import { type ChartWindow, LIVE_DEFAULT_MINUTES } from './dashboard-chart-period';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const isSensorType = (s: string): s is SensorType => s in SENSOR_LABELS;

/** The graph title: the sensor's name ("Air Quality"), or the raw type if it is one we do not know. */
export const chartTitle = (sensorType: string) => (isSensorType(sensorType) ? SENSOR_LABELS[sensorType] : sensorType);

/** The value axis unit ("°C", "KW/h"); empty for an unknown type. */
export const chartUnit = (sensorType: string) => (isSensorType(sensorType) ? SENSOR_UNITS[sensorType] : '');

/** "2026-11-01" as "1 Nov 2026": a calendar date, so no zone is involved. */
export function formatDay(date: string | undefined): string {
  const m = date ? DATE_ONLY.exec(date) : null;
  if (!m) return '';
  return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1] ?? ''} ${m[1]}`;
}

/**
 * The day the Month tab starts, in the viewer's zone: the tab runs from the same time a month back, not from
 * the 1st (docs/domain.md#windows), so "This month" would say less than it shows.
 */
function monthStart(now: number, tz: string): string {
  const from = addMonths(wallTimeAt(now, tz), -1);
  return `${from.day} ${MONTHS[from.month - 1] ?? ''} ${from.year}`;
}

/**
 * The subtitle per mode: "Last 30 minutes", "Today", "This week", "Since 25 Oct 2026" (the Month tab), "This
 * year", or the dates. `now` and `tz` place the Month tab's start (default: now, in the viewer's zone).
 */
export function chartSubtitle(window: ChartWindow, now = Date.now(), tz = getTimeZone()): string {
  switch (window.mode) {
    case 'live':
      return `Last ${window.minutes ?? LIVE_DEFAULT_MINUTES} minutes`;
    case 'day':
      return 'Today';
    case 'week':
      return 'This week';
    case 'month':
      return `Since ${monthStart(now, tz)}`;
    case 'year':
      return 'This year';
    case 'range': {
      const from = formatDay(window.from);
      const to = formatDay(window.to);
      if (!from || !to) return 'Date Range';
      return from === to ? from : `${from} – ${to}`;
    }
  }
}

/** What the dashed line is: "Previous 30 minutes", "Yesterday", "Last week", and so on. */
export function previousLabel(window: ChartWindow): string {
  switch (window.mode) {
    case 'live':
      return `Previous ${window.minutes ?? LIVE_DEFAULT_MINUTES} minutes`;
    case 'day':
      return 'Yesterday';
    case 'week':
      return 'Last week';
    case 'month':
      return 'The month before';
    case 'year':
      return 'Last year';
    case 'range':
      return 'Period before';
  }
}

/** The series' own label beside the previous one's. */
export function currentLabel(window: ChartWindow): string {
  return window.mode === 'range' ? 'Chosen period' : chartSubtitle(window);
}
