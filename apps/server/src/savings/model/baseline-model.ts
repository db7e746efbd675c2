/**
 * The measured baseline of one meter: a change-point model fitted on the complete days of a
 * baseline period, with the gates it must pass before any savings are claimed against it
 * (docs/domain.md#measured-baseline). The result is plain data (storable as JSON); `predictDay`
 * in prediction.ts reads it.
 */
import { type ChangePointFit, type Driver, searchChangePoint } from './change-point';
import { completeDays, type DayRecord, dayNumber } from './day-records';
import { autocorrelation, cvRmse, nmbe } from './g14-statistics';

export type BaselineStatus = 'ok' | 'provisional' | 'insufficient-data' | 'unreliable-model';

/** The model card. Fractions are 0..1 (cvRmse 0.045 = 4.5 %). */
export interface BaselineModel {
  status: BaselineStatus;
  /** Why the status is not `ok`, in plain words; null when it is. */
  reason: string | null;
  drivers: Driver[];
  heatingBalancePointC: number | null;
  coolingBalancePointC: number | null;
  intercept: number | null;
  heatingSlope: number | null;
  coolingSlope: number | null;
  occupancySlope: number | null;
  rSquared: number | null;
  adjustedRSquared: number | null;
  cvRmse: number | null;
  nmbe: number | null;
  autocorrelation: number | null;
  /** Complete days the model was fitted on (or would have been). */
  daysUsed: number;
  /** Calendar days of the baseline period. */
  baselineDays: number;
  /** daysUsed / baselineDays. */
  completeness: number;
  /** Whether outdoor temperature was available, so degree-day terms could be tried. */
  weather: boolean;
}

/** The baseline period, both days included; by default the first to the last record. */
export interface BaselinePeriod {
  first: string;
  last: string;
}

export const MIN_DAYS = 90;
export const FULL_YEAR_DAYS = 365;
export const MAX_MISSING_SHARE = 0.1;
export const MAX_CV_RMSE = 0.25;

type Counts = Pick<BaselineModel, 'daysUsed' | 'baselineDays' | 'completeness' | 'weather'>;

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

function empty(status: BaselineStatus, reason: string, counts: Counts): BaselineModel {
  return {
    status,
    reason,
    drivers: [],
    heatingBalancePointC: null,
    coolingBalancePointC: null,
    intercept: null,
    heatingSlope: null,
    coolingSlope: null,
    occupancySlope: null,
    rSquared: null,
    adjustedRSquared: null,
    cvRmse: null,
    nmbe: null,
    autocorrelation: null,
    ...counts,
  };
}

function card(status: BaselineStatus, reason: string | null, best: ChangePointFit, counts: Counts) {
  const { fit, ...terms } = best;
  const y = fit.fitted.map((f, i) => f + (fit.residuals[i] as number));
  const p = fit.coefficients.length;
  const model: BaselineModel = {
    status,
    reason,
    ...terms,
    rSquared: fit.rSquared,
    adjustedRSquared: fit.adjustedRSquared,
    cvRmse: cvRmse(y, fit.fitted, p),
    nmbe: nmbe(y, fit.fitted, p),
    autocorrelation: autocorrelation(fit.residuals),
    ...counts,
  };
  return model;
}

/**
 * Fits the baseline. Days outside `period` are ignored; a day of the period without a record counts
 * as missing. When some days carry an outdoor temperature, a day without one cannot be fitted and
 * counts as missing too (CalTRACK's sufficiency asks for use and temperature together). The
 * occupancy term is tried only when every usable day has its occupied hours, so that every
 * candidate is fitted on the same days and their adjusted R-squared can be compared.
 */
export function fitBaseline(days: readonly DayRecord[], period?: BaselinePeriod): BaselineModel {
  const seen = new Set<string>();
  for (const d of days) {
    if (seen.has(d.date)) throw new RangeError(`Day ${d.date} is given twice`);
    seen.add(d.date);
  }
  const numbers = days.map((d) => dayNumber(d.date));
  const first = period ? dayNumber(period.first) : Math.min(...numbers);
  const last = period ? dayNumber(period.last) : Math.max(...numbers);
  const baselineDays = days.length === 0 && !period ? 0 : Math.max(0, last - first + 1);
  const inPeriod = days.filter((_, i) => (numbers[i] as number) >= first && (numbers[i] as number) <= last);

  const complete = completeDays(inPeriod);
  const weather = complete.some((d) => d.meanOutdoorC !== null);
  const usable = weather ? complete.filter((d) => d.meanOutdoorC !== null) : complete;
  const occupancy = usable.length > 0 && usable.every((d) => d.occupiedHours !== null);
  const daysUsed = usable.length;
  const counts: Counts = {
    daysUsed,
    baselineDays,
    completeness: baselineDays > 0 ? daysUsed / baselineDays : 0,
    weather,
  };

  if (daysUsed < MIN_DAYS) {
    const what = weather ? 'complete days with an outdoor temperature' : 'complete days';
    return empty(
      'insufficient-data',
      `Only ${daysUsed} ${what} in the baseline period; at least ${MIN_DAYS} are needed`,
      counts,
    );
  }
  const missing = 1 - counts.completeness;
  if (missing > MAX_MISSING_SHARE) {
    return empty(
      'insufficient-data',
      `${pct(missing)} of the baseline days are missing or incomplete (${baselineDays - daysUsed} of ${baselineDays}); at most ${MAX_MISSING_SHARE * 100} % may be`,
      counts,
    );
  }

  const best = searchChangePoint(
    usable.map((d) => ({ use: d.filledUse, meanOutdoorC: d.meanOutdoorC, occupiedHours: d.occupiedHours })),
    { weather, occupancy },
  );
  if (!best) {
    return empty('unreliable-model', 'No model fits the baseline: the daily use is negative on average', counts);
  }
  const fitted = card('ok', null, best, counts);
  if (fitted.cvRmse === null) {
    return { ...fitted, status: 'unreliable-model', reason: 'The baseline uses nothing, so no relative error exists' };
  }
  if (fitted.cvRmse > MAX_CV_RMSE) {
    return {
      ...fitted,
      status: 'unreliable-model',
      reason: `The model explains daily use too loosely (CV(RMSE) ${pct(fitted.cvRmse)}, at most ${MAX_CV_RMSE * 100} % allowed)`,
    };
  }
  // Gates passed. A baseline shorter than a year has not seen every season: usable, but provisional.
  if (baselineDays < FULL_YEAR_DAYS) {
    return {
      ...fitted,
      status: 'provisional',
      reason: `The baseline covers ${baselineDays} days, less than a year, so not every season is in it`,
    };
  }
  return fitted;
}
