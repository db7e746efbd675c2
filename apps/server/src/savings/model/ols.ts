/**
 * Ordinary least squares with an intercept, for the few predictors of the baseline model
 * (docs/domain.md#measured-baseline). Normal equations solved by Cholesky: with at most five
 * unknowns and well-scaled daily drivers this is exact enough and far faster than a general
 * library, which matters because the balance-point search fits a few hundred candidates.
 */
import jStat from 'jstat';

export interface OlsFit {
  /** Intercept first, then one per predictor column, in the order given. */
  coefficients: number[];
  standardErrors: number[];
  tStats: number[];
  /** Two-sided p-values from Student's t with `dof` degrees of freedom. */
  pValues: number[];
  fitted: number[];
  /** y - fitted. */
  residuals: number[];
  rSquared: number;
  adjustedRSquared: number;
  /** n - (predictors + 1). */
  dof: number;
}

/** A pivot this small relative to its diagonal means a column is (nearly) a combination of others. */
const SINGULAR = 1e-10;

/**
 * Cholesky factor L (lower, row-major) of a symmetric positive definite matrix, or null when the
 * matrix is singular: then the candidate cannot be fitted and is skipped, never forced.
 */
function cholesky(a: number[][]): number[][] | null {
  const k = a.length;
  const l = a.map(() => new Array<number>(k).fill(0));
  for (let i = 0; i < k; i++) {
    const li = l[i] as number[];
    const ai = a[i] as number[];
    for (let j = 0; j <= i; j++) {
      const lj = l[j] as number[];
      let s = ai[j] as number;
      for (let m = 0; m < j; m++) s -= (li[m] as number) * (lj[m] as number);
      if (i === j) {
        if (s <= SINGULAR * Math.max(1, ai[i] as number)) return null;
        li[i] = Math.sqrt(s);
      } else {
        li[j] = s / (lj[j] as number);
      }
    }
  }
  return l;
}

/** Solves L L' x = b. */
function solve(l: number[][], b: number[]): number[] {
  const k = b.length;
  const z = new Array<number>(k).fill(0);
  for (let i = 0; i < k; i++) {
    const li = l[i] as number[];
    let s = b[i] as number;
    for (let m = 0; m < i; m++) s -= (li[m] as number) * (z[m] as number);
    z[i] = s / (li[i] as number);
  }
  const x = new Array<number>(k).fill(0);
  for (let i = k - 1; i >= 0; i--) {
    let s = z[i] as number;
    for (let m = i + 1; m < k; m++) s -= ((l[m] as number[])[i] as number) * (x[m] as number);
    x[i] = s / ((l[i] as number[])[i] as number);
  }
  return x;
}

/** Two-sided p-value of a t statistic. A zero standard error gives t = 0 (p 1) or infinite t (p 0). */
export function twoSidedP(t: number, dof: number): number {
  if (Number.isNaN(t)) return 1;
  if (!Number.isFinite(t)) return 0;
  return 2 * (1 - jStat.studentt.cdf(Math.abs(t), dof));
}

/**
 * Fits y = b0 + b1 x1 + ... + bk xk. `columns` holds one array per predictor, each as long as y.
 * Returns null when there are no degrees of freedom left or the normal matrix is singular.
 */
export function ols(columns: readonly (readonly number[])[], y: readonly number[]): OlsFit | null {
  const n = y.length;
  const k = columns.length + 1;
  const dof = n - k;
  if (dof < 1 || columns.some((c) => c.length !== n)) return null;
  // The design row of day i is [1, x1[i], ..., xk[i]]; X'X and X'y are accumulated without building X.
  const col = (j: number, i: number) => (j === 0 ? 1 : ((columns[j - 1] as readonly number[])[i] as number));
  const xtx = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const xty = new Array<number>(k).fill(0);
  for (let i = 0; i < n; i++) {
    const yi = y[i] as number;
    for (let a = 0; a < k; a++) {
      const xa = col(a, i);
      xty[a] = (xty[a] as number) + xa * yi;
      const row = xtx[a] as number[];
      for (let b = 0; b <= a; b++) row[b] = (row[b] as number) + xa * col(b, i);
    }
  }
  for (let a = 0; a < k; a++) {
    for (let b = a + 1; b < k; b++) (xtx[a] as number[])[b] = (xtx[b] as number[])[a] as number;
  }
  const l = cholesky(xtx);
  if (!l) return null;
  const coefficients = solve(l, xty);

  const fitted = new Array<number>(n);
  const residuals = new Array<number>(n);
  let sse = 0;
  let meanY = 0;
  for (let i = 0; i < n; i++) meanY += (y[i] as number) / n;
  let sst = 0;
  for (let i = 0; i < n; i++) {
    let f = 0;
    for (let a = 0; a < k; a++) f += (coefficients[a] as number) * col(a, i);
    const e = (y[i] as number) - f;
    fitted[i] = f;
    residuals[i] = e;
    sse += e * e;
    sst += ((y[i] as number) - meanY) ** 2;
  }
  // Var(b) = s^2 (X'X)^-1; only the diagonal is needed, one solve per unit vector.
  const s2 = sse / dof;
  const standardErrors = coefficients.map((_, j) => {
    const unit = new Array<number>(k).fill(0);
    unit[j] = 1;
    return Math.sqrt(Math.max(0, s2 * (solve(l, unit)[j] as number)));
  });
  const tStats = coefficients.map((b, j) => {
    const se = standardErrors[j] as number;
    if (se > 0) return b / se;
    return b === 0 ? 0 : Math.sign(b) * Number.POSITIVE_INFINITY;
  });
  // A constant series has nothing to explain: R-squared 0 rather than 0/0.
  const rSquared = sst > 0 ? 1 - sse / sst : 0;
  const adjustedRSquared = 1 - ((1 - rSquared) * (n - 1)) / dof;
  return {
    coefficients,
    standardErrors,
    tStats,
    pValues: tStats.map((t) => twoSidedP(t, dof)),
    fitted,
    residuals,
    rSquared,
    adjustedRSquared,
    dof,
  };
}
