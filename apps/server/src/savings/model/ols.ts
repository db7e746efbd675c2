/**
 * Ordinary least squares with an intercept, for the few predictors of the baseline model
 * (docs/domain.md#measured-baseline). Normal equations solved by Cholesky: with at most five
 * unknowns and well-scaled daily drivers this is exact enough and far faster than a general
 * library. The solve works from X'X and X'y alone, so a search can compute the cross-products of
 * its series once and score a few hundred candidates without passing over the days again.
 */
import jStat from 'jstat';

/** What the normal equations give: no pass over the days, no p-values. */
export interface OlsSummary {
  /** Intercept first, then one per predictor column, in the order given. */
  coefficients: number[];
  standardErrors: number[];
  tStats: number[];
  /** Sum of squared residuals. */
  sse: number;
  rSquared: number;
  adjustedRSquared: number;
  /** n - (predictors + 1). */
  dof: number;
}

export interface OlsFit extends OlsSummary {
  /** Two-sided p-values from Student's t with `dof` degrees of freedom, intercept first. */
  pValues: number[];
  fitted: number[];
  /** y - fitted. */
  residuals: number[];
}

/** The normal equations of one fit, intercept first: X'X, X'y, y'y, the sum of y and n. */
export interface NormalEquations {
  xtx: number[][];
  xty: number[];
  yty: number;
  sumY: number;
  n: number;
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

type Series = ArrayLike<number>;

/**
 * Solves the normal equations. `sse` may be given when the caller has the residuals (exact);
 * otherwise it is y'y - b'X'y, which loses a few digits to cancellation but none that matter for
 * comparing candidates. Null when no degree of freedom is left or X'X is singular.
 */
export function solveNormal(eq: NormalEquations, knownSse?: number): OlsSummary | null {
  const k = eq.xty.length;
  const dof = eq.n - k;
  if (dof < 1) return null;
  const l = cholesky(eq.xtx);
  if (!l) return null;
  const coefficients = solve(l, eq.xty);
  const sse = knownSse ?? Math.max(0, eq.yty - coefficients.reduce((s, b, a) => s + b * (eq.xty[a] as number), 0));
  const sst = Math.max(0, eq.yty - (eq.sumY * eq.sumY) / eq.n);
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
  const adjustedRSquared = 1 - ((1 - rSquared) * (eq.n - 1)) / dof;
  return { coefficients, standardErrors, tStats, sse, rSquared, adjustedRSquared, dof };
}

const dot = (a: Series, b: Series) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
};

/** X'X, X'y, y'y of an intercept and the given columns. */
export function normalEquations(columns: readonly Series[], y: Series): NormalEquations {
  const x: Series[] = [new Float64Array(y.length).fill(1), ...columns];
  return {
    xtx: x.map((a) => x.map((b) => dot(a, b))),
    xty: x.map((a) => dot(a, y)),
    yty: dot(y, y),
    sumY: dot(x[0] as Series, y),
    n: y.length,
  };
}

/**
 * Fits y = b0 + b1 x1 + ... + bk xk. `columns` holds one array per predictor, each as long as y.
 * Returns null when there are no degrees of freedom left or the normal matrix is singular.
 */
export function ols(columns: readonly Series[], y: Series): OlsFit | null {
  const n = y.length;
  if (columns.some((c) => c.length !== n)) return null;
  const eq = normalEquations(columns, y);
  const first = solveNormal(eq);
  if (!first) return null;
  const fitted = new Array<number>(n);
  const residuals = new Array<number>(n);
  let sse = 0;
  for (let i = 0; i < n; i++) {
    let f = first.coefficients[0] as number;
    columns.forEach((c, j) => {
      f += (first.coefficients[j + 1] as number) * (c[i] as number);
    });
    fitted[i] = f;
    residuals[i] = (y[i] as number) - f;
    sse += (residuals[i] as number) ** 2;
  }
  // The statistics again from the exact residuals; the coefficients are the same.
  const fit = solveNormal(eq, sse) ?? first;
  return { ...fit, pValues: fit.tStats.map((t) => twoSidedP(t, fit.dof)), fitted, residuals };
}
