/**
 * Fractional savings uncertainty (ASHRAE Guideline 14 as CalTRACK 4.3.2.4 writes it, 90 %
 * confidence; docs/domain.md#measured-baseline). It answers: could the savings be noise of the
 * baseline model? Savings are claimed only when the uncertainty is under half of them.
 */
import jStat from 'jstat';

/** Daily-model coefficients of the polynomial in reporting months (G14 / CalTRACK). */
export const FSU_A = -0.00024;
export const FSU_B = 0.03535;
export const FSU_D = 1.00286;
/** Savings are claimed when FSU is below this. */
export const MAX_CLAIMED_FSU = 0.5;

// The t quantile is an iterative search; a chart asks it for every pod and day with the same few degrees of freedom.
const T_QUANTILES = new Map<number, number>();
function t95(dof: number): number {
  let t = T_QUANTILES.get(dof);
  if (t === undefined) {
    t = jStat.studentt.inv(0.95, dof) as number;
    if (T_QUANTILES.size > 10_000) T_QUANTILES.clear();
    T_QUANTILES.set(dof, t);
  }
  return t;
}

export interface UncertaintyInput {
  /** The baseline model's CV(RMSE), a fraction. */
  cvRmse: number;
  /** n: days the baseline was fitted on. */
  baselineDays: number;
  /** rho: lag-1 autocorrelation of the baseline residuals. */
  autocorrelation: number;
  /** p: the model's parameters, intercept included. */
  parameters: number;
  /** m: reporting days. */
  reportingDays: number;
  /** M: months reported; by default m x 12 / 365.25. */
  reportingMonths?: number;
  /** Expected use over the reporting period (the sum of predictions). */
  expected: number;
  /** Avoided use: expected - actual. */
  avoided: number;
  /** The t value; by default the 0.95 quantile of Student's t with n' - p degrees of freedom. */
  t?: number;
}

export interface Uncertainty {
  /** +/- in units of use at 90 % confidence; null only when the inputs leave no degree of freedom. */
  absolute: number | null;
  /** absolute / avoided; null when no savings were measured (avoided <= 0). */
  fractional: number | null;
  /** FSU < 50 %. */
  claimed: boolean;
  /** n' = n (1 - rho) / (1 + rho). */
  effectiveDays: number;
  t: number | null;
  reason: string | null;
}

/**
 * absolute = t (a M^2 + b M + d) CV sqrt((n / n') (1 + 2 / n') / m) x expected, and
 * FSU = absolute / avoided, which is the formula's "/ F" with F = avoided / expected. Computing the
 * absolute first keeps a +/- available when nothing was saved, where a fraction has no meaning.
 */
export function savingsUncertainty(input: UncertaintyInput): Uncertainty {
  const { cvRmse, baselineDays: n, autocorrelation: rho, reportingDays: m } = input;
  // Correlated residuals carry less information than their count: n' is the independent-days worth.
  const effectiveDays = rho > -1 ? (n * (1 - rho)) / (1 + rho) : 0;
  const dof = effectiveDays - input.parameters;
  const t = input.t ?? (dof > 0 ? t95(dof) : null);
  if (t === null || effectiveDays <= 0 || m <= 0) {
    return {
      absolute: null,
      fractional: null,
      claimed: false,
      effectiveDays,
      t,
      reason: 'The baseline residuals are too correlated (or too few) to bound the savings',
    };
  }
  const months = input.reportingMonths ?? (m * 12) / 365.25;
  const poly = FSU_A * months ** 2 + FSU_B * months + FSU_D;
  const absolute =
    t * poly * cvRmse * Math.sqrt((n / effectiveDays) * (1 + 2 / effectiveDays) * (1 / m)) * Math.abs(input.expected);
  if (!(input.avoided > 0)) {
    return {
      absolute,
      fractional: null,
      claimed: false,
      effectiveDays,
      t,
      reason: 'No savings were measured, so a fractional uncertainty is not defined',
    };
  }
  const fractional = absolute / input.avoided;
  return { absolute, fractional, claimed: fractional < MAX_CLAIMED_FSU, effectiveDays, t, reason: null };
}
