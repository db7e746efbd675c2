/**
 * Heating and cooling degree days of one day against a balance point (docs/domain.md#measured-baseline).
 * The balance point is the outdoor temperature at which a building needs neither; the model searches
 * it rather than assuming the textbook 15.5 or 18 degC, since insulation and internal gains move it.
 */

/** Heating degree days: how far the day's mean outdoor temperature is below the balance point. */
export const hdd = (balancePointC: number, meanOutdoorC: number) => Math.max(0, balancePointC - meanOutdoorC);

/** Cooling degree days: how far the day's mean outdoor temperature is above the balance point. */
export const cdd = (balancePointC: number, meanOutdoorC: number) => Math.max(0, meanOutdoorC - balancePointC);

/** Balance points searched, degC: 10 to 28 in 1-degree steps (CalTRACK's range, in Celsius). */
export const BALANCE_POINTS_C: readonly number[] = Array.from({ length: 19 }, (_, i) => 10 + i);

/** A degree-day term needs this many days with non-zero degree days in the baseline... */
export const MIN_NONZERO_DAYS = 10;
/** ...and this many degree days in all, or its slope would be fitted to a handful of mild days. */
export const MIN_TOTAL_DEGREE_DAYS = 20;

/** Whether a degree-day series carries enough signal to fit a slope to. */
export function qualifies(degreeDays: ArrayLike<number>): boolean {
  let nonZero = 0;
  let total = 0;
  for (let i = 0; i < degreeDays.length; i++) {
    const dd = degreeDays[i] as number;
    if (dd > 0) nonZero++;
    total += dd;
  }
  return nonZero >= MIN_NONZERO_DAYS && total >= MIN_TOTAL_DEGREE_DAYS;
}
