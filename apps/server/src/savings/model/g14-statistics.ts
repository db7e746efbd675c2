/**
 * ASHRAE Guideline 14 goodness-of-fit statistics (docs/domain.md#measured-baseline). `p` is the
 * number of model parameters (intercept included): the statistics are per degree of freedom left,
 * so a model with more terms pays for them. All figures are fractions (0.045 = 4.5 %).
 */

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

function checked(y: readonly number[], yhat: readonly number[], p: number): number | null {
  if (y.length !== yhat.length) throw new RangeError('y and yhat differ in length');
  const n = y.length;
  const m = n > 0 ? mean(y) : 0;
  // Both statistics divide by the mean use; a site using nothing has no relative error to speak of.
  return n - p >= 1 && m > 0 ? m : null;
}

/** CV(RMSE) = sqrt(sum((y - yhat)^2) / (n - p)) / mean(y); null when undefined. */
export function cvRmse(y: readonly number[], yhat: readonly number[], p: number): number | null {
  const m = checked(y, yhat, p);
  if (m === null) return null;
  let sse = 0;
  y.forEach((v, i) => {
    sse += (v - (yhat[i] as number)) ** 2;
  });
  return Math.sqrt(sse / (y.length - p)) / m;
}

/** NMBE = sum(y - yhat) / ((n - p) mean(y)): positive when the model under-predicts on the whole. */
export function nmbe(y: readonly number[], yhat: readonly number[], p: number): number | null {
  const m = checked(y, yhat, p);
  if (m === null) return null;
  let sum = 0;
  y.forEach((v, i) => {
    sum += v - (yhat[i] as number);
  });
  return sum / ((y.length - p) * m);
}

/** R-squared = 1 - SSE / SST; 0 for a constant series, which leaves nothing to explain. */
export function rSquared(y: readonly number[], yhat: readonly number[]): number {
  if (y.length === 0) return 0;
  const m = mean(y);
  let sse = 0;
  let sst = 0;
  y.forEach((v, i) => {
    sse += (v - (yhat[i] as number)) ** 2;
    sst += (v - m) ** 2;
  });
  return sst > 0 ? 1 - sse / sst : 0;
}

/**
 * Lag-1 autocorrelation of residuals in day order. Daily residuals are rarely independent (a cold
 * week stays cold); rho shrinks the effective number of days in the savings uncertainty.
 */
export function autocorrelation(residuals: readonly number[]): number {
  if (residuals.length < 2) return 0;
  const m = mean(residuals);
  let num = 0;
  let den = 0;
  residuals.forEach((e, i) => {
    den += (e - m) ** 2;
    if (i > 0) num += (e - m) * ((residuals[i - 1] as number) - m);
  });
  return den > 0 ? num / den : 0;
}
