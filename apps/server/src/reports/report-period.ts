import { daysInMonth, reportPeriodOf } from '@greenpod/contracts';
import { dayStart } from '../savings/savings-periods';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const parts = (date: string) => date.split('-').map(Number) as [number, number, number];

/** "1 Oct 2026" */
export const dayText = (date: string) => {
  const [y, m, d] = parts(date);
  return `${d} ${MONTHS[m - 1]} ${y}`;
};

/** A period in words: "November 2026", "Q3 2026", "2026", or "1 Oct 2026 - 15 Nov 2026". */
export function periodLabel(from: string, to: string): string {
  const [y, m] = parts(from);
  const same = (kind: 'month' | 'quarter' | 'year') => {
    const p = reportPeriodOf(kind, from);
    return p.from === from && p.to === to;
  };
  if (same('month')) return `${LONG_MONTHS[m - 1]} ${y}`;
  if (same('quarter')) return `Q${Math.floor((m - 1) / 3) + 1} ${y}`;
  if (same('year')) return String(y);
  return `${dayText(from)} - ${dayText(to)}`;
}

/** The same day a year earlier; 29 February becomes 28 February. */
export function yearEarlier(date: string): string {
  const [y, m, d] = parts(date);
  const day = Math.min(d, daysInMonth(y - 1, m));
  return `${y - 1}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The instants a period of local days covers: [first day's start, the day after the last's start). */
export const periodWindow = (from: string, to: string, timeZone: string) => ({
  from: dayStart(from, timeZone),
  to: dayStart(to, timeZone, 1),
});
