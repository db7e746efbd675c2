import type { ReportAnswer } from '@greenpod/contracts';
import { CONFIGURED_FACTOR_SOURCE, countryFactor } from './grid-factors';
import type { ReportPod, ReportPrices } from './report-place';

/** Which grid factor each pod's electricity is multiplied by, and how the report names it. */
export interface EmissionFactors {
  of: (pod: ReportPod) => number | null;
  answer: ReportAnswer['emissions'];
}

/**
 * docs/domain.md#grid-factors: the configuration's factor for every pod when set; else each location's country's
 * published factor. Pods in several countries each take their own (the answer's factor is then null and its source
 * lists them); one country without a published factor leaves the emissions N/A, saying which.
 */
export function emissionFactors(pods: readonly ReportPod[], prices: ReportPrices): EmissionFactors {
  if (prices.gridFactor !== null && prices.gridFactor !== undefined) {
    const factor = Number(prices.gridFactor);
    return { of: () => factor, answer: { factor, source: CONFIGURED_FACTOR_SOURCE } };
  }
  const countries = [...new Set(pods.map((p) => p.country))].sort();
  const byCountry = new Map(countries.map((c) => [c, countryFactor(c)]));
  const of = (pod: ReportPod) => byCountry.get(pod.country)?.factor ?? null;
  const missing = [...byCountry.values()].find((f) => f.factor === null);
  if (countries.length === 0) return { of, answer: { factor: null, source: 'No pods in this place' } };
  if (missing) return { of, answer: { factor: null, source: missing.source } };
  if (countries.length === 1) return { of, answer: byCountry.get(countries[0] as string) as ReportAnswer['emissions'] };
  const each = countries.map((c) => `${c} ${byCountry.get(c)?.factor} (${byCountry.get(c)?.source})`);
  return { of, answer: { factor: null, source: `Per location's country: ${each.join('; ')}` } };
}
