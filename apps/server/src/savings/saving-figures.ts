import { type SavingMethod, type SavingStatus, starsForPercentage } from '@greenpod/contracts';
import { type BaselineModel, completeDays, type DayRecord, predictPeriod, savingsUncertainty } from './model';
import { isPredicting } from './model/prediction';

/**
 * One saving's figures from its period's days (docs/domain.md#savings). Pure: the caller reads the days and the
 * model, this decides what may be claimed. Never a made-up number: what cannot be known is null, with the reason.
 */
export const MIN_PERIOD_COMPLETENESS = 0.9;

export interface SavingInput {
  /** Every calendar day of the period (a day without readings has use null). */
  days: readonly DayRecord[];
  /** The tariff names a baseline period. */
  hasBaseline: boolean;
  /** The fitted card when it does. */
  model: BaselineModel | null;
  /** The tariff's fixed baseline use per period. */
  value: number;
  /** Money per unit (kWh or litre), or null when the client has no configuration. */
  price: number | null;
}

/** What `saving.model` (jsonb) holds: the model's figures at computing time and the saving's own. */
export interface SavingDetail {
  card: BaselineModel | null;
  /** Why the model was not used or the saving is not claimed; null when claimed. */
  reason: string | null;
  /** Fractional savings uncertainty (absolute / avoided), model method only. */
  fsu: number | null;
  price: number | null;
  /** +/- in money. */
  uncertaintyFlat: number | null;
  /** Days compared: the model method compares the complete days only. */
  reportingDays: number;
}

export interface SavingFigures {
  expected: number | null;
  actual: number | null;
  avoided: number | null;
  valueFlat: number | null;
  valuePercentage: number | null;
  uncertainty: number | null;
  stars: number;
  method: SavingMethod;
  status: SavingStatus;
  completeness: number;
  detail: SavingDetail;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
const money = (units: number | null, price: number | null) =>
  units === null || price === null ? null : round(units * price, 2);
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const percent = (avoided: number, expected: number) => (expected > 0 ? round((avoided / expected) * 100, 2) : null);

export const periodIncompleteReason = (completeness: number) =>
  `Readings cover only ${Math.floor(completeness * 100)} % of this period; at least ${MIN_PERIOD_COMPLETENESS * 100} % are needed`;
export const WITHIN_UNCERTAINTY = "Within the model's uncertainty: the saving could be noise";

export function savingFigures(input: SavingInput): SavingFigures {
  const { days, model, price } = input;
  const filled = completeDays(days);
  const completeness = days.length > 0 ? filled.length / days.length : 0;
  const canModel = input.hasBaseline && model !== null && isPredicting(model);
  const detail = (reason: string | null, extra: Partial<SavingDetail> = {}): SavingDetail => ({
    card: model,
    reason,
    fsu: null,
    price,
    uncertaintyFlat: null,
    reportingDays: filled.length,
    ...extra,
  });

  // Under 90 % complete: not claimed, no money, no stars; actual is what the readings that arrived add up to.
  if (completeness < MIN_PERIOD_COMPLETENESS) {
    const measured = days.filter((d) => d.use !== null).map((d) => d.use as number);
    return {
      expected: null,
      actual: measured.length ? round(sum(measured), 3) : null,
      avoided: null,
      valueFlat: null,
      valuePercentage: null,
      uncertainty: null,
      stars: 0,
      method: canModel ? 'model' : 'tariff',
      status: 'insufficient-data',
      completeness,
      detail: detail(periodIncompleteReason(completeness)),
    };
  }

  let modelReason: string | null = null;
  if (canModel && model) {
    // CalTRACK: expected and actual over the same (complete, filled) days of the period.
    const prediction = predictPeriod(model, filled);
    if (prediction.expected !== null) {
      const expected = prediction.expected;
      const actual = sum(filled.map((d) => d.filledUse));
      const avoided = expected - actual;
      const u = savingsUncertainty({
        cvRmse: model.cvRmse ?? 0,
        baselineDays: model.daysUsed,
        autocorrelation: model.autocorrelation ?? 0,
        parameters: 1 + model.drivers.length,
        reportingDays: filled.length,
        expected,
        avoided,
      });
      const pct = percent(avoided, expected);
      const claimed = u.claimed && u.absolute !== null;
      return {
        expected: round(expected, 3),
        actual: round(actual, 3),
        avoided: round(avoided, 3),
        valueFlat: money(avoided, price),
        valuePercentage: pct,
        uncertainty: u.absolute === null ? null : round(u.absolute, 3),
        stars: starsForPercentage(pct, claimed),
        method: 'model',
        status: claimed ? 'claimed' : 'not-significant',
        completeness,
        detail: detail(claimed ? null : (u.reason ?? WITHIN_UNCERTAINTY), {
          fsu: u.fractional,
          uncertaintyFlat: u.absolute === null ? null : money(u.absolute, price),
        }),
      };
    }
    modelReason = prediction.reason;
  } else if (input.hasBaseline) {
    modelReason = model?.reason ?? 'The baseline model could not be fitted';
  }

  // The tariff's fixed value: status `tariff` without a baseline period, else why the model was not used.
  const status: SavingStatus = !input.hasBaseline
    ? 'tariff'
    : model?.status === 'unreliable-model'
      ? 'unreliable-model'
      : 'insufficient-data';
  if (!(input.value > 0)) {
    const reason = `${modelReason ? `${modelReason}; ` : ''}the tariff's value is 0, so there is no baseline to compare with`;
    return {
      expected: null,
      actual: round(sum(filled.map((d) => d.filledUse)), 3),
      avoided: null,
      valueFlat: null,
      valuePercentage: null,
      uncertainty: null,
      stars: 0,
      method: 'tariff',
      status,
      completeness,
      detail: detail(reason),
    };
  }
  // A missing day (at most 10 %) counts as the mean of the period's complete days: the fill rule, day by day.
  const actual = (sum(filled.map((d) => d.filledUse)) * days.length) / filled.length;
  const avoided = input.value - actual;
  const pct = percent(avoided, input.value);
  return {
    expected: input.value,
    actual: round(actual, 3),
    avoided: round(avoided, 3),
    valueFlat: money(avoided, price),
    valuePercentage: pct,
    uncertainty: null,
    // Savings against the tariff's value count as claimed (docs/domain.md#savings).
    stars: starsForPercentage(pct, true),
    method: 'tariff',
    status,
    completeness,
    detail: detail(modelReason, { reportingDays: days.length }),
  };
}
