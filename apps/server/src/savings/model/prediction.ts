/**
 * What the baseline model expects a day to use, and the sum over a reporting period
 * (docs/domain.md#measured-baseline). Only a model that passed its gates predicts; a day whose
 * drivers are unknown is not guessed.
 */
import type { BaselineModel } from './baseline-model';
import { cdd, hdd } from './degree-days';

/** The drivers of one day; a DayRecord fits. */
export interface DayDrivers {
  date: string;
  meanOutdoorC: number | null;
  occupiedHours: number | null;
}

export const isPredicting = (model: BaselineModel) => model.status === 'ok' || model.status === 'provisional';

/**
 * The day's expected use, or null when the model may not claim (its gates failed) or the day lacks
 * a driver the model uses (no outdoor temperature while the model has a degree-day term).
 */
export function predictDay(model: BaselineModel, day: DayDrivers): number | null {
  if (!isPredicting(model) || model.intercept === null) return null;
  let use = model.intercept;
  if (model.heatingSlope !== null && model.heatingBalancePointC !== null) {
    if (day.meanOutdoorC === null) return null;
    use += model.heatingSlope * hdd(model.heatingBalancePointC, day.meanOutdoorC);
  }
  if (model.coolingSlope !== null && model.coolingBalancePointC !== null) {
    if (day.meanOutdoorC === null) return null;
    use += model.coolingSlope * cdd(model.coolingBalancePointC, day.meanOutdoorC);
  }
  if (model.occupancySlope !== null) {
    if (day.occupiedHours === null) return null;
    use += model.occupancySlope * day.occupiedHours;
  }
  return use;
}

export interface PeriodPrediction {
  /** Sum of the days' expected use; null when the period is not predictable. */
  expected: number | null;
  /** Reporting days in the period. */
  days: number;
  /** Dates the model could not predict (drivers missing). */
  unpredictableDates: string[];
  reason: string | null;
}

/**
 * The expected use of a reporting period: the sum of `predictDay` over its days. One unpredictable
 * day makes the whole period unpredictable: leaving the day out would understate the expected use
 * (and so the savings), and filling its temperature in would be a made-up number. The caller
 * reports the period as not predictable, naming the days.
 */
export function predictPeriod(model: BaselineModel, days: readonly DayDrivers[]): PeriodPrediction {
  if (!isPredicting(model)) {
    return { expected: null, days: days.length, unpredictableDates: [], reason: model.reason };
  }
  if (days.length === 0) {
    return { expected: null, days: 0, unpredictableDates: [], reason: 'The reporting period has no days' };
  }
  let expected = 0;
  const unpredictableDates: string[] = [];
  for (const day of days) {
    const use = predictDay(model, day);
    if (use === null) unpredictableDates.push(day.date);
    else expected += use;
  }
  if (unpredictableDates.length > 0) {
    const n = unpredictableDates.length;
    return {
      expected: null,
      days: days.length,
      unpredictableDates,
      reason: `${n} reporting ${n === 1 ? 'day lacks' : 'days lack'} the outdoor temperature or occupied hours the model needs`,
    };
  }
  return { expected, days: days.length, unpredictableDates, reason: null };
}
