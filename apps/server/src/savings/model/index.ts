// The pure savings baseline model (docs/domain.md#measured-baseline): no database, no I/O.
export { type BaselineModel, type BaselinePeriod, type BaselineStatus, fitBaseline } from './baseline-model';
export type { Driver } from './change-point';
export { completeDays, completeness, type DayRecord, type FilledDay, fillDay, isCompleteDay } from './day-records';
export { cdd, hdd } from './degree-days';
export { autocorrelation, cvRmse, nmbe, rSquared } from './g14-statistics';
export { type DayDrivers, type PeriodPrediction, predictDay, predictPeriod } from './prediction';
export { savingsUncertainty, type Uncertainty, type UncertaintyInput } from './savings-uncertainty';
