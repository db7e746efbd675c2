/**
 * The change-point search of the baseline model (CalTRACK daily method, IPMVP Option C;
 * docs/domain.md#measured-baseline): use per day = base + heating slope x HDD + cooling slope x CDD
 * + occupancy slope x occupied hours, with the balance points searched and only terms that earn
 * their place kept.
 */
import { BALANCE_POINTS_C, cdd, hdd, qualifies } from './degree-days';
import { type OlsFit, type OlsSummary, ols, solveNormal, twoSidedP } from './ols';

export type Driver = 'hdd' | 'cdd' | 'occupancy';

/** A day ready for fitting: complete (use filled) and carrying every driver the search may use. */
export interface ModelDay {
  use: number;
  meanOutdoorC: number | null;
  occupiedHours: number | null;
}

export interface ChangePointFit {
  drivers: Driver[];
  heatingBalancePointC: number | null;
  coolingBalancePointC: number | null;
  intercept: number;
  heatingSlope: number | null;
  coolingSlope: number | null;
  occupancySlope: number | null;
  fit: OlsFit;
}

export interface SearchOptions {
  /** Degree-day terms are tried (every day then has a mean outdoor temperature). */
  weather: boolean;
  /** The occupancy term is tried (every day then has its occupied hours). */
  occupancy: boolean;
}

/** A slope must be significant at this two-sided level to stay in the model. */
export const SIGNIFICANCE = 0.1;

interface Candidate {
  heatingBalancePointC: number | null;
  coolingBalancePointC: number | null;
  occupancy: boolean;
  /** Predictor columns, as indices into the search's series. */
  columns: number[];
}

/**
 * The predictor series of a search: occupied hours and the degree days of every qualifying balance
 * point. A candidate's normal equations are cross-products of these, kept once computed, so
 * scoring ~450 candidates does not pass over the days ~450 times; two heating (or two cooling)
 * series never meet in one candidate, so most pairs are never computed at all.
 */
interface Search {
  series: Float64Array[];
  heating: Map<number, number>;
  cooling: Map<number, number>;
  occupancy: number | null;
  y: Float64Array;
  /** Cross-product of series a and b (index -1 is the intercept's column of ones). */
  cross(a: number, b: number): number;
  /** Cross-product of series a (or -1) with y. */
  withY(a: number): number;
  yy: number;
}

/** A series from the days, in a plain loop (typed-array `from` with a map function is slow). */
function column(days: readonly ModelDay[], f: (d: ModelDay) => number): Float64Array {
  const out = new Float64Array(days.length);
  for (let i = 0; i < days.length; i++) out[i] = f(days[i] as ModelDay);
  return out;
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
}

function prepare(days: readonly ModelDay[], options: SearchOptions): Search {
  const series: Float64Array[] = [];
  const degreeDays = (f: (bp: number, t: number) => number) => {
    const byBp = new Map<number, number>();
    if (!options.weather) return byBp;
    for (const bp of BALANCE_POINTS_C) {
      const s = column(days, (d) => f(bp, d.meanOutdoorC ?? Number.NaN));
      // A term without enough degree days in the baseline is not tried at that balance point.
      if (qualifies(s)) byBp.set(bp, series.push(s) - 1);
    }
    return byBp;
  };
  const heating = degreeDays(hdd);
  const cooling = degreeDays(cdd);
  const occupancy = options.occupancy ? series.push(column(days, (d) => d.occupiedHours ?? Number.NaN)) - 1 : null;
  const y = column(days, (d) => d.use);
  const ones = new Float64Array(days.length).fill(1);
  const at = (i: number) => (i < 0 ? ones : (series[i] as Float64Array));
  const m = series.length + 1;
  const memo = new Float64Array(m * m).fill(Number.NaN);
  const cross = (a: number, b: number) => {
    const key = (Math.max(a, b) + 1) * m + Math.min(a, b) + 1;
    let v = memo[key] as number;
    if (Number.isNaN(v)) {
      v = dot(at(a), at(b));
      memo[key] = v;
    }
    return v;
  };
  const xy = Array.from({ length: m }, (_, i) => dot(at(i - 1), y));
  return { series, heating, cooling, occupancy, y, cross, withY: (a) => xy[a + 1] as number, yy: dot(y, y) };
}

/** Every candidate, simplest first: a later one must be strictly better to replace an earlier one. */
function* candidates(search: Search): Generator<Candidate> {
  const { heating, cooling, occupancy } = search;
  for (const occ of occupancy === null ? [null] : [null, occupancy]) {
    const c = (h: number | null, k: number | null, cols: number[]): Candidate => ({
      heatingBalancePointC: h,
      coolingBalancePointC: k,
      occupancy: occ !== null,
      columns: occ === null ? cols : [...cols, occ],
    });
    yield c(null, null, []);
    for (const [bp, s] of heating) yield c(bp, null, [s]);
    for (const [bp, s] of cooling) yield c(null, bp, [s]);
    for (const [hbp, hs] of heating) {
      for (const [cbp, cs] of cooling) if (cbp >= hbp) yield c(hbp, cbp, [hs, cs]);
    }
  }
}

/**
 * Scores one candidate; null when it cannot be fitted, breaks a rule, or does not beat `toBeat`
 * (an adjusted R-squared). The rules: no negative base or slope (use cannot fall as it gets colder
 * below the heating balance point, nor be negative at rest) and every slope significant (two-sided
 * p below SIGNIFICANCE). Significance is checked last: jstat's t tail costs more than the fit, and
 * the answer is the same whichever order the checks run in.
 */
function score(search: Search, candidate: Candidate, toBeat: number): OlsSummary | null {
  const idx = [-1, ...candidate.columns];
  const fit = solveNormal({
    xtx: idx.map((a) => idx.map((b) => search.cross(a, b))),
    xty: idx.map((a) => search.withY(a)),
    yty: search.yy,
    sumY: search.withY(-1),
    n: search.y.length,
  });
  if (!fit || !(fit.adjustedRSquared > toBeat)) return null;
  if (fit.coefficients.some((b) => b < 0)) return null;
  if (fit.tStats.slice(1).some((t) => !(twoSidedP(t, fit.dof) < SIGNIFICANCE))) return null;
  return fit;
}

/**
 * The admissible candidate with the highest adjusted R-squared. Adjusted, not plain, R-squared:
 * plain R-squared never falls when a term is added, so it would always pick the biggest model.
 * A tie keeps the simpler candidate. Null only when not even the base-only model fits (fewer than
 * two days, or a negative mean use).
 */
export function searchChangePoint(days: readonly ModelDay[], options: SearchOptions): ChangePointFit | null {
  const search = prepare(days, options);
  let best: { candidate: Candidate; fit: OlsSummary } | null = null;
  for (const candidate of candidates(search)) {
    const fit = score(search, candidate, best?.fit.adjustedRSquared ?? Number.NEGATIVE_INFINITY);
    if (fit) best = { candidate, fit };
  }
  if (!best) return null;
  // The winner again from its days, for the exact residuals the statistics need.
  const { candidate } = best;
  const fit = ols(
    candidate.columns.map((c) => search.series[c] as Float64Array),
    search.y,
  );
  if (!fit) return null;
  const [intercept = 0, ...slopes] = fit.coefficients;
  let next = 0;
  const take = () => slopes[next++] ?? null;
  const heatingSlope = candidate.heatingBalancePointC !== null ? take() : null;
  const coolingSlope = candidate.coolingBalancePointC !== null ? take() : null;
  const occupancySlope = candidate.occupancy ? take() : null;
  const drivers: Driver[] = [];
  if (heatingSlope !== null) drivers.push('hdd');
  if (coolingSlope !== null) drivers.push('cdd');
  if (occupancySlope !== null) drivers.push('occupancy');
  return {
    drivers,
    heatingBalancePointC: candidate.heatingBalancePointC,
    coolingBalancePointC: candidate.coolingBalancePointC,
    intercept,
    heatingSlope,
    coolingSlope,
    occupancySlope,
    fit,
  };
}
