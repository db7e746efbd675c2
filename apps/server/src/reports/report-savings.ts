import { type ReportAnswer, type ReportSaving, SAVING_UNITS, type SavingCard, type Scope } from '@greenpod/contracts';
import type { PlaceFilter } from '../dashboard/dashboard-scope';
import type { Queryable } from '../db/database';
import { savingCardsOf, YEAR_PREFERENCE } from '../savings/savings-summary';
import type { ReportPod } from './report-place';
import { money, quantity } from './report-round';
import type { PodUse } from './report-totals';

/**
 * The report's savings (docs/domain.md#reports): per pod and sensor type, its stored savings whose periods lie in
 * the report period, summed as the Savings page's year sums them (one period type per pod: months, else weeks,
 * else days), so the report and /savings agree.
 */
export async function reportSavings(
  db: Queryable,
  scope: Scope,
  place: PlaceFilter,
  from: string,
  to: string,
): Promise<SavingCard[]> {
  return savingCardsOf(db, scope, {
    place,
    sensorTypes: ['ELECTRICITY', 'WATER_FLOW'],
    from,
    to,
    types: YEAR_PREFERENCE,
  });
}

export const savingRow = (c: SavingCard): ReportSaving => ({
  podId: c.podId,
  podTitle: c.podTitle,
  areaTitle: c.areaTitle,
  sensorType: c.sensorType,
  unit: c.unit,
  expected: c.expected,
  actual: c.actual,
  avoided: c.avoided,
  uncertainty: c.uncertainty,
  valueFlat: c.valueFlat,
  uncertaintyFlat: c.uncertaintyFlat,
  valuePercentage: c.valuePercentage,
  stars: c.stars,
  method: c.method,
  status: c.status,
  reason: c.reason,
  periods: c.periods,
});

const CLAIMED = new Set(['claimed', 'tariff']);

/** Sums per unit over the claimed rows: avoided, its +/- in quadrature (null if a row has none), money, share. */
export function savingTotals(rows: readonly ReportSaving[]): ReportAnswer['savings']['totals'] {
  return SAVING_UNITS.flatMap((unit) => {
    const claimed = rows.filter((r) => r.unit === unit && CLAIMED.has(r.status) && r.avoided !== null);
    if (claimed.length === 0) return [];
    const avoided = claimed.reduce((a, r) => a + Number(r.avoided), 0);
    const expected = claimed.reduce((a, r) => a + Number(r.expected ?? 0), 0);
    const withMoney = claimed.filter((r) => r.valueFlat !== null);
    const uncertain = claimed.every((r) => r.uncertainty !== null);
    return [
      {
        unit,
        avoided: quantity(avoided) as number,
        // Independent periods and pods: their uncertainties add in quadrature.
        uncertainty: uncertain
          ? quantity(Math.sqrt(claimed.reduce((a, r) => a + Number(r.uncertainty) ** 2, 0)))
          : null,
        valueFlat: withMoney.length ? money(withMoney.reduce((a, r) => a + Number(r.valueFlat), 0)) : null,
        valuePercentage: expected > 0 ? money((avoided / expected) * 100) : null,
      },
    ];
  });
}

/** What the baselines expected, per pod, as use (kWh and litres) to price like the actual use. */
export function expectedUse(rows: readonly ReportSaving[]): Map<number, PodUse> {
  const out = new Map<number, PodUse>();
  for (const r of rows) {
    if (r.expected === null) continue;
    const use = out.get(r.podId) ?? { kwh: null, litres: null };
    if (r.sensorType === 'ELECTRICITY') use.kwh = Number(r.expected);
    else use.litres = Number(r.expected);
    out.set(r.podId, use);
  }
  return out;
}

/** Which pods the expected figures cover, in words. */
export function coverageText(pods: readonly ReportPod[], actual: Map<number, PodUse>, expected: Map<number, PodUse>) {
  const part = (what: string, key: keyof PodUse) => {
    const measured = pods.filter((p) => actual.get(p.id)?.[key] !== null && actual.get(p.id)?.[key] !== undefined);
    const covered = pods.filter((p) => expected.get(p.id)?.[key] !== null && expected.get(p.id)?.[key] !== undefined);
    if (covered.length === 0) return null;
    return `${what}: ${covered.length} of ${measured.length} pod${measured.length === 1 ? '' : 's'}`;
  };
  const said = [part('Electricity', 'kwh'), part('Water', 'litres')].filter((x) => x !== null);
  return said.length
    ? `${said.join('; ')} (pods with a saving in this period; the others have no baseline here)`
    : 'No pod here has a saving whose period lies in this period: nothing to compare with';
}
