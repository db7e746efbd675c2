/**
 * The change-point search of the baseline model (CalTRACK daily method, IPMVP Option C;
 * docs/domain.md#measured-baseline): use per day = base + heating slope x HDD + cooling slope x CDD
 * + occupancy slope x occupied hours, with the balance points searched and only terms that earn
 * their place kept.
 */
import { BALANCE_POINTS_C, cdd, hdd, qualifies } from './degree-days';
import { type OlsFit, ols } from './ols';

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

export interface Candidate {
  heatingBalancePointC: number | null;
  coolingBalancePointC: number | null;
  occupancy: boolean;
  columns: (readonly number[])[];
}

/** Every candidate, simplest first: a later one must be strictly better to replace an earlier one. */
function* candidates(days: readonly ModelDay[], options: SearchOptions): Generator<Candidate> {
  const temps = options.weather ? days.map((d) => d.meanOutdoorC ?? Number.NaN) : [];
  const degreeDays = (f: (bp: number, t: number) => number) => {
    const byBp = new Map<number, number[]>();
    if (!options.weather) return byBp;
    for (const bp of BALANCE_POINTS_C) {
      const series = temps.map((t) => f(bp, t));
      // A term without enough degree days in the baseline is not tried at that balance point.
      if (qualifies(series)) byBp.set(bp, series);
    }
    return byBp;
  };
  const heating = degreeDays(hdd);
  const cooling = degreeDays(cdd);
  const occ = days.map((d) => d.occupiedHours ?? Number.NaN);

  for (const withOcc of options.occupancy ? [false, true] : [false]) {
    const tail = withOcc ? [occ] : [];
    const c = (h: number | null, k: number | null, cols: (readonly number[])[]): Candidate => ({
      heatingBalancePointC: h,
      coolingBalancePointC: k,
      occupancy: withOcc,
      columns: [...cols, ...tail],
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
 * Fits one candidate; null when it cannot be fitted or breaks a rule: a negative base or slope
 * (use cannot fall as it gets colder below the heating balance point, nor be negative at rest),
 * or a slope that is not significant (its p-value at or above SIGNIFICANCE).
 */
export function fitCandidate(days: readonly ModelDay[], candidate: Candidate): ChangePointFit | null {
  const fit = ols(
    candidate.columns,
    days.map((d) => d.use),
  );
  if (!fit) return null;
  const [intercept, ...slopes] = fit.coefficients;
  if (intercept === undefined || intercept < 0) return null;
  if (slopes.some((s) => s < 0)) return null;
  if (fit.pValues.slice(1).some((p) => !(p < SIGNIFICANCE))) return null;

  const drivers: Driver[] = [];
  let next = 0;
  const take = () => slopes[next++] ?? null;
  const heatingSlope = candidate.heatingBalancePointC !== null ? take() : null;
  const coolingSlope = candidate.coolingBalancePointC !== null ? take() : null;
  const occupancySlope = candidate.occupancy ? take() : null;
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

/**
 * The admissible candidate with the highest adjusted R-squared. Adjusted, not plain, R-squared:
 * plain R-squared never falls when a term is added, so it would always pick the biggest model.
 * Null only when not even the base-only model fits (fewer than two days, or a negative mean use).
 */
export function searchChangePoint(days: readonly ModelDay[], options: SearchOptions): ChangePointFit | null {
  let best: ChangePointFit | null = null;
  for (const candidate of candidates(days, options)) {
    const fitted = fitCandidate(days, candidate);
    if (fitted && (!best || fitted.fit.adjustedRSquared > best.fit.adjustedRSquared)) best = fitted;
  }
  return best;
}
