import { daysInMonth } from '@greenpod/contracts';
import { dayStart } from '../savings/savings-periods';

/** The same day a year earlier; 29 February becomes 28 February. */
export function yearEarlier(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = Math.min(d, daysInMonth(y - 1, m));
  return `${y - 1}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The instants a period of local days covers: [first day's start, the day after the last's start). */
export const periodWindow = (from: string, to: string, timeZone: string) => ({
  from: dayStart(from, timeZone),
  to: dayStart(to, timeZone, 1),
});
