import {
  goalLevel,
  MAX_CLAIMED_FSU,
  SAVING_UNIT,
  type SavingCard,
  type SavingMethod,
  type SavingSensorType,
  type SavingStatus,
  type SavingsDay,
  type SavingsSummary,
  type SavingsWindow,
  type Scope,
  starsForPercentage,
} from '@greenpod/contracts';
import { type PlaceFilter, podsUnderSql } from '../dashboard/dashboard-scope';
import type { Queryable, SqlParam } from '../db/database';
import { type BaselineModel, fillDay, predictDay, savingsUncertainty } from './model';
import { isPredicting } from './model/prediction';
import { type SavingDetail, WITHIN_UNCERTAINTY } from './saving-figures';
import { inputPodOf, loadTariffs } from './savings-compute';
import { readDayRecords } from './savings-inputs';
import { addDays, lastClosedPeriods, type SavingType } from './savings-periods';
import { methodText } from './savings-text';

/**
 * The Savings page (docs/domain.md#savings): cards summed over the window per pod and sensor type, and a chart of
 * expected against actual use for the place's pods that have a usable measured baseline.
 */
export interface SummaryRequest {
  window: SavingsWindow;
  sensorType: SavingSensorType;
  place: PlaceFilter;
  now: Date;
  timeZone: string;
}

type SavingRow = {
  podId: number;
  podTitle: string;
  areaTitle: string;
  locationTitle: string;
  sensorType: SavingSensorType;
  type: SavingType;
  timeRange: string;
  periodStart: string;
  periodEnd: string;
  expected: number | null;
  actual: number | null;
  avoided: number | null;
  valueFlat: number | null;
  currency: string;
  uncertainty: number | null;
  stars: number;
  method: SavingMethod;
  status: SavingStatus;
  detail: SavingDetail | null;
  savingFlat: number | null;
};

/** The window's saving period type and its periods: the last closed day, week or month, or the last 12 months. */
function windowPeriods(window: SavingsWindow, now: Date, timeZone: string) {
  if (window === 'day') return lastClosedPeriods('DAILY', now, timeZone);
  if (window === 'week') return lastClosedPeriods('WEEKLY', now, timeZone);
  if (window === 'month') return lastClosedPeriods('MONTHLY', now, timeZone);
  return lastClosedPeriods('MONTHLY', now, timeZone, 12);
}
const WINDOW_TYPE: Record<SavingsWindow, SavingType> = {
  day: 'DAILY',
  week: 'WEEKLY',
  month: 'MONTHLY',
  year: 'MONTHLY',
};
/** The year sums a pod's monthly savings; a pod with none there, its weekly, else its daily ones. */
export const YEAR_PREFERENCE: SavingType[] = ['MONTHLY', 'WEEKLY', 'DAILY'];

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
const sumOf = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const quadrature = (xs: readonly number[]) => Math.sqrt(sumOf(xs.map((x) => x * x)));

export async function savingsSummaryOf(db: Queryable, scope: Scope, req: SummaryRequest): Promise<SavingsSummary> {
  const periods = windowPeriods(req.window, req.now, req.timeZone);
  const from = periods[0]?.first as string;
  const to = periods[periods.length - 1]?.last as string;
  const types = req.window === 'year' ? YEAR_PREFERENCE : [WINDOW_TYPE[req.window]];
  const cards = await savingCardsOf(db, scope, { place: req.place, sensorTypes: [req.sensorType], from, to, types });
  // Day and week: the 30 days ending with the window, so the chart shows a trend; month and year: the window.
  const chartFrom = req.window === 'day' || req.window === 'week' ? addDays(to, -29) : from;
  const chart = await savingsChartOf(db, scope, {
    place: req.place,
    sensorType: req.sensorType,
    from: chartFrom,
    to,
    timeZone: req.timeZone,
  });
  return { window: req.window, from, to, cards, chart };
}

/** Which stored savings a set of cards sums: those of the place's pods whose periods lie within from..to. */
export interface CardsRequest {
  place: PlaceFilter;
  sensorTypes: readonly SavingSensorType[];
  /** First and last day, both included (yyyy-MM-dd). */
  from: string;
  to: string;
  /** The period types to sum, preferred first: per pod and sensor type only the first one it has is summed. */
  types: readonly SavingType[];
}

/** One card per pod and sensor type: its stored savings within the range summed (the Savings page and reports). */
export async function savingCardsOf(db: Queryable, scope: Scope, req: CardsRequest): Promise<SavingCard[]> {
  const params: SqlParam[] = [];
  const pods = podsUnderSql(scope, req.place, params);
  params.push(req.from, req.to);
  const types = req.types;
  params.push([...types], [...req.sensorTypes]);
  const rows = await db.query<SavingRow>(
    `SELECT s.pod_id AS "podId", p.title AS "podTitle", ar.title AS "areaTitle", l.title AS "locationTitle",
       s.sensor_type AS "sensorType", s.type, s.time_range AS "timeRange",
       to_char(s.period_start, 'YYYY-MM-DD') AS "periodStart", to_char(s.period_end, 'YYYY-MM-DD') AS "periodEnd",
       s.expected, s.actual, s.avoided, s.value_flat AS "valueFlat", s.currency, s.uncertainty, s.stars, s.method,
       s.status, s.model AS detail, tf.saving_flat AS "savingFlat"
     FROM saving s
     JOIN pod p ON p.id = s.pod_id
     JOIN area ar ON ar.id = p.area_id
     JOIN location l ON l.id = p.location_id
     LEFT JOIN tariff tf ON tf.id = s.tariff_id
     WHERE s.pod_id IN (${pods}) AND s.period_start >= $${params.length - 3}::date
       AND s.period_end <= $${params.length - 2}::date AND s.type = ANY($${params.length - 1}::text[])
       AND s.sensor_type = ANY($${params.length}::text[])
     ORDER BY l.title, ar.title, p.title, s.pod_id, s.sensor_type, s.period_start`,
    params,
  );
  const groups = new Map<string, SavingRow[]>();
  for (const r of rows) {
    const key = `${r.podId}:${r.sensorType}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const cards: SavingCard[] = [];
  for (const group of groups.values()) {
    const type = types.find((t) => group.some((r) => r.type === t));
    cards.push(cardOf(group.filter((r) => r.type === type)));
  }
  return cards;
}

/** One card: a pod and sensor type's savings of the window (one period, or the year's periods summed). */
export function cardOf(rows: readonly SavingRow[]): SavingCard {
  const first = rows[0] as SavingRow;
  const last = rows[rows.length - 1] as SavingRow;
  const counted = rows.filter((r) => r.expected !== null && r.actual !== null && r.avoided !== null);
  const one = rows.length === 1;
  const expected = counted.length ? sumOf(counted.map((r) => Number(r.expected))) : null;
  const actual = counted.length ? sumOf(counted.map((r) => Number(r.actual))) : null;
  const avoided = counted.length ? sumOf(counted.map((r) => Number(r.avoided))) : null;
  const withMoney = counted.filter((r) => r.valueFlat !== null);
  const valueFlat = withMoney.length ? round(sumOf(withMoney.map((r) => Number(r.valueFlat))), 2) : null;
  const modelRows = counted.filter((r) => r.method === 'model' && r.uncertainty !== null);
  const allModel = counted.length > 0 && modelRows.length === counted.length;
  // Periods' uncertainties are independent: they add in quadrature.
  const uncertainty = allModel ? round(quadrature(modelRows.map((r) => Number(r.uncertainty))), 3) : null;
  const flats = modelRows.map((r) => r.detail?.uncertaintyFlat ?? null);
  const uncertaintyFlat = allModel && flats.every((x) => x !== null) ? round(quadrature(flats as number[]), 2) : null;
  const valuePercentage =
    expected !== null && avoided !== null && expected > 0 ? round((avoided / expected) * 100, 2) : null;

  let status: SavingStatus;
  let method: SavingMethod;
  let stars: number;
  let reason: string | null;
  if (one) {
    status = first.status;
    method = first.method;
    stars = first.stars;
    reason = first.detail?.reason ?? null;
  } else if (counted.length === 0) {
    status = 'insufficient-data';
    method = first.method;
    stars = 0;
    reason = first.detail?.reason ?? 'No period of the window has enough readings';
  } else if (allModel) {
    method = 'model';
    const claimed = avoided !== null && uncertainty !== null && avoided > 0 && uncertainty / avoided < MAX_CLAIMED_FSU;
    status = claimed ? 'claimed' : 'not-significant';
    stars = starsForPercentage(valuePercentage, claimed);
    reason = claimed ? null : WITHIN_UNCERTAINTY;
  } else {
    // Mixed or tariff periods: the most frequent status among the periods that count; tariff savings count as claimed.
    const tally = new Map<SavingStatus, number>();
    for (const r of counted) tally.set(r.status, (tally.get(r.status) ?? 0) + 1);
    status = [...tally.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? first.status;
    method = 'tariff';
    stars = starsForPercentage(valuePercentage, true);
    reason = counted.find((r) => r.status === status)?.detail?.reason ?? null;
  }
  if (status === 'claimed' || status === 'tariff') reason = null;
  const card = [...rows].reverse().find((r) => r.detail?.card)?.detail?.card ?? null;
  const savingFlat = first.savingFlat === null ? null : Number(first.savingFlat);
  const goal = savingFlat === null ? null : round(savingFlat * rows.length, 2);
  const goalProgress = goal && valueFlat !== null ? round((valueFlat / goal) * 100, 1) : null;
  return {
    podId: first.podId,
    podTitle: first.podTitle,
    areaTitle: first.areaTitle,
    locationTitle: first.locationTitle,
    sensorType: first.sensorType,
    unit: SAVING_UNIT[first.sensorType],
    periodStart: first.periodStart,
    periodEnd: last.periodEnd,
    timeRange: one ? first.timeRange : `${first.periodStart} to ${last.periodEnd}`,
    expected: expected === null ? null : round(expected, 3),
    actual: actual === null ? null : round(actual, 3),
    avoided: avoided === null ? null : round(avoided, 3),
    uncertainty,
    valueFlat,
    uncertaintyFlat,
    currency: first.currency,
    valuePercentage,
    stars,
    method,
    status,
    reason,
    methodText: methodText(method, method === 'model' ? card : null),
    goal,
    goalProgress,
    level: goalLevel(goalProgress),
    periods: rows.length,
  };
}

/** The days a savings chart covers, on `timeZone`'s calendar. */
export interface ChartRequest {
  place: PlaceFilter;
  sensorType: SavingSensorType;
  /** First and last day, both included (yyyy-MM-dd). */
  from: string;
  to: string;
  timeZone: string;
}

/** The chart: per day, expected (with its 90 % band) against actual, over the place's pods with a usable model. */
export async function savingsChartOf(db: Queryable, scope: Scope, req: ChartRequest): Promise<SavingsSummary['chart']> {
  const { from, to } = req;
  const unit = SAVING_UNIT[req.sensorType];
  const params: SqlParam[] = [];
  const podsSql = podsUnderSql(scope, req.place, params);
  const podIds = (await db.query<{ id: number }>(podsSql, params)).map((r) => r.id);
  const tariffs = podIds.length ? await loadTariffs(db, { podIds, sensorType: req.sensorType }) : [];
  // Per pod, the newest tariff naming a baseline period, with the card fitted on that same period.
  const byPod = new Map<number, (typeof tariffs)[number]>();
  for (const t of tariffs) {
    if (!t.baselineFrom) continue;
    const known = byPod.get(t.podId);
    if (!known || known.id < t.id) byPod.set(t.podId, t);
  }
  const cards = byPod.size
    ? await db.query<{ pod_id: number; card: BaselineModel; from: string; to: string }>(
        `SELECT pod_id, card, to_char(baseline_from, 'YYYY-MM-DD') AS "from", to_char(baseline_to, 'YYYY-MM-DD') AS "to"
         FROM baseline_model WHERE pod_id = ANY($1::int[]) AND sensor_type = $2`,
        [[...byPod.keys()], req.sensorType],
      )
    : [];
  const models = new Map<number, BaselineModel>();
  for (const c of cards) {
    const t = byPod.get(c.pod_id);
    if (t && t.baselineFrom === c.from && t.baselineTo === c.to && isPredicting(c.card)) models.set(c.pod_id, c.card);
  }
  if (models.size === 0) {
    const what = req.sensorType === 'ELECTRICITY' ? 'electricity' : 'water flow';
    return {
      sensorType: req.sensorType,
      unit,
      days: [],
      reason: `No pod here has a usable measured baseline for ${what}: its savings are against the tariff's fixed value`,
    };
  }
  const inputPods = [...models.keys()].map((id) => inputPodOf(byPod.get(id) as (typeof tariffs)[number]));
  const records = await readDayRecords(db, inputPods, {
    sensorType: req.sensorType,
    first: from,
    last: to,
    timeZone: req.timeZone,
  });
  const days: SavingsDay[] = [];
  let cusum: number | null = null;
  for (let date = from, i = 0; date <= to; date = addDays(date, 1), i++) {
    let expected = 0;
    let actual = 0;
    let variance = 0;
    let pods = 0;
    for (const [podId, model] of models) {
      const day = records.get(podId)?.[i];
      if (!day) continue;
      const predicted = predictDay(model, day);
      const filled = fillDay(day);
      // Expected and actual over the same pods: a pod counts on a day it has both.
      if (predicted === null || filled === null) continue;
      const u = savingsUncertainty({
        cvRmse: model.cvRmse ?? 0,
        baselineDays: model.daysUsed,
        autocorrelation: model.autocorrelation ?? 0,
        parameters: 1 + model.drivers.length,
        reportingDays: 1,
        expected: predicted,
        avoided: predicted - filled.filledUse,
      });
      expected += predicted;
      actual += filled.filledUse;
      variance += (u.absolute ?? 0) ** 2;
      pods++;
    }
    if (pods === 0) {
      days.push({ date, expected: null, low: null, high: null, actual: null, cusum });
      continue;
    }
    const band = Math.sqrt(variance);
    cusum = (cusum ?? 0) + expected - actual;
    days.push({
      date,
      expected: round(expected, 3),
      low: round(expected - band, 3),
      high: round(expected + band, 3),
      actual: round(actual, 3),
      cusum: round(cusum, 3),
    });
  }
  return { sensorType: req.sensorType, unit, days, reason: null };
}
