import type { ReportFigures } from '@greenpod/contracts';
import { sumsByPod } from '../dashboard/readings-query';
import type { Queryable } from '../db/database';
import type { EmissionFactors } from './report-emissions';
import type { ReportPod, ReportPrices } from './report-place';
import { money, quantity, sumOrNull } from './report-round';

/** A pod's use over a window; null where it sent no readings of that type. */
export interface PodUse {
  kwh: number | null;
  litres: number | null;
}

/** Per pod and sensor type, the readings received over the window (from the same rollup rows). */
export type PodCounts = Map<number, Record<string, number>>;

/**
 * Each pod's kWh and litres over [from, to), exactly the raw readings' sums but read from the rollups (whole UTC
 * months, days and hours, raw readings only at edges inside an hour: dashboard/rollup-plan.ts).
 */
export async function podUse(
  db: Queryable,
  pods: readonly ReportPod[],
  window: { from: Date; to: Date },
  now: Date,
): Promise<{ use: Map<number, PodUse>; counts: PodCounts }> {
  const out = new Map<number, PodUse>(pods.map((p) => [p.id, { kwh: null, litres: null }]));
  const counts: PodCounts = new Map();
  const byId = new Map(pods.map((p) => [p.id, p]));
  const sums = await sumsByPod(
    db,
    pods.map((p) => p.id),
    window,
    now,
  );
  for (const s of sums) {
    const pod = byId.get(s.podId);
    const use = out.get(s.podId);
    if (!pod || !use || Number(s.n) <= 0) continue;
    counts.set(s.podId, { ...counts.get(s.podId), [s.sensorType]: Number(s.n) });
    if (s.sensorType === 'ELECTRICITY') use.kwh = Number(s.s) * pod.kwhPerReading;
    if (s.sensorType === 'WATER_FLOW') use.litres = Number(s.s) * pod.litresPerReading;
  }
  return { use: out, counts };
}

/** The cost split of a set of figures (it adds up to the figures' cost). */
export interface CostSplit {
  electricity: number | null;
  water: number | null;
  standing: number | null;
}

/**
 * Use, whole-bill cost and emissions of the pods (docs/domain.md#reports): kWh and litres summed, each priced at
 * the configuration's tariff and rounded to the cent, plus `standing` (the standing charges, already in money),
 * and kg CO2e as each pod's kWh x its grid factor (null when a pod with electricity has no factor).
 */
export function figuresOf(
  pods: readonly ReportPod[],
  use: Map<number, PodUse>,
  prices: ReportPrices,
  factors: EmissionFactors,
  standing: number | null,
): { figures: ReportFigures; cost: CostSplit } {
  const kwh = sumOrNull(pods.map((p) => use.get(p.id)?.kwh ?? null));
  const litres = sumOrNull(pods.map((p) => use.get(p.id)?.litres ?? null));
  const electricity = kwh === null || prices.electricity === null ? null : money(kwh * Number(prices.electricity));
  const water = litres === null || prices.water === null ? null : money(litres * Number(prices.water));
  const cost = { electricity, water, standing: money(standing) };
  let emissions: number | null = 0;
  for (const p of pods) {
    const k = use.get(p.id)?.kwh ?? null;
    if (k === null) continue;
    const factor = factors.of(p);
    emissions = factor === null || emissions === null ? null : emissions + k * factor;
  }
  return {
    figures: {
      electricityKwh: quantity(kwh),
      waterLitres: quantity(litres),
      // The sum of the rounded parts: the split adds up to the total to the cent.
      cost: money(sumOrNull([cost.electricity, cost.water, cost.standing])),
      emissionsKg: kwh === null ? null : quantity(emissions),
    },
    cost,
  };
}
