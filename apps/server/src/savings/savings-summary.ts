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
import { readChartDays } from './saving-days';
import { WITHIN_UNCERTAINTY } from './saving-figures';
import { inputPodOf, loadTariffs } from './savings-compute';
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

/** A pod and sensor type's stored savings of the window, summed in SQL (a year of a 1,000-pod client is 12,000 rows). */
type CardSums = {
  podId: number;
  podTitle: string;
  areaTitle: string;
  locationTitle: string;
  sensorType: SavingSensorType;
  periods: number;
  /** The first period's figures, and the last one's end. */
  timeRange: string;
  periodStart: string;
  periodEnd: string;
  currency: string;
  stars: number;
  method: SavingMethod;
  status: SavingStatus;
  reason: string | null;
  savingFlat: number | null;
  /** Over the periods that count (expected, actual and avoided known), in period order. */
  counted: number;
  expected: number | null;
  actual: number | null;
  avoided: number | null;
  withMoney: number;
  valueFlat: number | null;
  modelRows: number;
  uncertaintySquares: number | null;
  flats: number;
  flatSquares: number | null;
  /** The periods that count: their first days, statuses and reasons, aligned but unordered. */
  countedStarts: string[] | null;
  countedStatuses: SavingStatus[] | null;
  countedReasons: (string | null)[] | null;
  /** The newest fitted card among the periods. */
  card: BaselineModel | null;
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

/**
 * One card per pod and sensor type: its stored savings within the range summed (the Savings page and reports).
 * Summed in SQL, per pod and sensor type over its preferred period type, with the titles joined once per card: a
 * year's report of a 1,000-pod client would otherwise carry 12,000 rows (and their model cards) through JS.
 */
export async function savingCardsOf(db: Queryable, scope: Scope, req: CardsRequest): Promise<SavingCard[]> {
  const params: SqlParam[] = [];
  const pods = podsUnderSql(scope, req.place, params);
  params.push(req.from, req.to, [...req.types], [...req.sensorTypes]);
  const [from, to, types, sensorTypes] = [3, 2, 1, 0].map((k) => `$${params.length - k}`);
  const counted = 'g.expected IS NOT NULL AND g.actual IS NOT NULL AND g.avoided IS NOT NULL';
  const modelRow = `${counted} AND g.method = 'model' AND g.uncertainty IS NOT NULL`;
  const flat = "(g.model->>'uncertaintyFlat')::float8";
  // Hash aggregates per period type, then the preferred type per pod and sensor type; the first period's figures and
  // the newest card are read back by the unique key. No ordered aggregate or window (each would sort 12,000 rows).
  const sums = await db.query<CardSums>(
    `WITH t AS (
       SELECT g.pod_id, g.sensor_type, g.type, count(*)::int AS periods, min(g.period_start) AS first_start,
         max(g.period_end) AS last_end,
         count(*) FILTER (WHERE ${counted})::int AS counted,
         sum(g.expected) FILTER (WHERE ${counted}) AS expected,
         sum(g.actual) FILTER (WHERE ${counted}) AS actual,
         sum(g.avoided) FILTER (WHERE ${counted}) AS avoided,
         count(*) FILTER (WHERE ${counted} AND g.value_flat IS NOT NULL)::int AS "withMoney",
         sum(g.value_flat) FILTER (WHERE ${counted}) AS "valueFlat",
         count(*) FILTER (WHERE ${modelRow})::int AS "modelRows",
         sum(g.uncertainty * g.uncertainty) FILTER (WHERE ${modelRow}) AS "uncertaintySquares",
         count(${flat}) FILTER (WHERE ${modelRow})::int AS flats,
         sum(${flat} * ${flat}) FILTER (WHERE ${modelRow}) AS "flatSquares",
         -- Unordered but aligned (one pass over the group's rows): put in period order in JS.
         array_agg(to_char(g.period_start, 'YYYY-MM-DD')) FILTER (WHERE ${counted}) AS "countedStarts",
         array_agg(g.status) FILTER (WHERE ${counted}) AS "countedStatuses",
         array_agg(g.model->>'reason') FILTER (WHERE ${counted}) AS "countedReasons",
         max(g.period_start) FILTER (WHERE jsonb_typeof(g.model->'card') = 'object') AS card_start
       FROM saving g
       WHERE g.pod_id IN (${pods}) AND g.period_start >= ${from}::date AND g.period_end <= ${to}::date
         AND g.type = ANY(${types}::text[]) AND g.sensor_type = ANY(${sensorTypes}::text[])
       GROUP BY 1, 2, 3
     ), c AS (
       SELECT DISTINCT ON (pod_id, sensor_type) * FROM t
       ORDER BY pod_id, sensor_type, array_position(${types}::text[], type)
     )
     SELECT c.*, c.pod_id AS "podId", c.sensor_type AS "sensorType", p.title AS "podTitle", ar.title AS "areaTitle",
       l.title AS "locationTitle", f.time_range AS "timeRange", to_char(c.first_start, 'YYYY-MM-DD') AS "periodStart",
       to_char(c.last_end, 'YYYY-MM-DD') AS "periodEnd", f.currency, f.stars, f.method, f.status,
       f.model->>'reason' AS reason, tf.saving_flat AS "savingFlat", cs.model->'card' AS card
     FROM c JOIN pod p ON p.id = c.pod_id JOIN area ar ON ar.id = p.area_id JOIN location l ON l.id = p.location_id
     JOIN saving f ON f.pod_id = c.pod_id AND f.sensor_type = c.sensor_type AND f.type = c.type
       AND f.period_start = c.first_start
     LEFT JOIN tariff tf ON tf.id = f.tariff_id
     LEFT JOIN saving cs ON cs.pod_id = c.pod_id AND cs.sensor_type = c.sensor_type AND cs.type = c.type
       AND cs.period_start = c.card_start
     ORDER BY l.title, ar.title, p.title, c.pod_id, c.sensor_type`,
    params,
  );
  return sums.map(cardOf);
}

const numberOrNull = (x: number | string | null) => (x === null ? null : Number(x));

/** One card: a pod and sensor type's savings of the window (one period, or the year's periods summed). */
function cardOf(r: CardSums): SavingCard {
  const one = r.periods === 1;
  const [expected, actual, avoided] = r.counted ? [r.expected, r.actual, r.avoided].map(Number) : [null, null, null];
  const valueFlat = r.withMoney ? round(Number(r.valueFlat), 2) : null;
  const allModel = r.counted > 0 && r.modelRows === r.counted;
  // Periods' uncertainties are independent: they add in quadrature.
  const uncertainty = allModel ? round(Math.sqrt(Number(r.uncertaintySquares)), 3) : null;
  const uncertaintyFlat = allModel && r.flats === r.modelRows ? round(Math.sqrt(Number(r.flatSquares)), 2) : null;
  const valuePercentage =
    expected != null && avoided != null && expected > 0 ? round((avoided / expected) * 100, 2) : null;

  let status: SavingStatus;
  let method: SavingMethod;
  let stars: number;
  let reason: string | null;
  if (one) {
    status = r.status;
    method = r.method;
    stars = r.stars;
    reason = r.reason;
  } else if (r.counted === 0) {
    status = 'insufficient-data';
    method = r.method;
    stars = 0;
    reason = r.reason ?? 'No period of the window has enough readings';
  } else if (allModel) {
    method = 'model';
    const claimed = avoided != null && uncertainty !== null && avoided > 0 && uncertainty / avoided < MAX_CLAIMED_FSU;
    status = claimed ? 'claimed' : 'not-significant';
    stars = starsForPercentage(valuePercentage, claimed);
    reason = claimed ? null : WITHIN_UNCERTAINTY;
  } else {
    // Mixed or tariff periods: the most frequent status among the periods that count (the earliest on a tie);
    // tariff savings count as claimed.
    const order = (r.countedStarts ?? []).map((d, i) => [d, i] as const).sort((a, b) => a[0].localeCompare(b[0]));
    const statuses = order.map(([, i]) => r.countedStatuses?.[i] as SavingStatus);
    const reasons = order.map(([, i]) => r.countedReasons?.[i] ?? null);
    const tally = new Map<SavingStatus, number>();
    for (const x of statuses) tally.set(x, (tally.get(x) ?? 0) + 1);
    status = [...tally.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? r.status;
    method = 'tariff';
    stars = starsForPercentage(valuePercentage, true);
    reason = reasons[statuses.indexOf(status)] ?? null;
  }
  if (status === 'claimed' || status === 'tariff') reason = null;
  const savingFlat = numberOrNull(r.savingFlat);
  const goal = savingFlat === null ? null : round(savingFlat * r.periods, 2);
  const goalProgress = goal && valueFlat !== null ? round((valueFlat / goal) * 100, 1) : null;
  return {
    podId: r.podId,
    podTitle: r.podTitle,
    areaTitle: r.areaTitle,
    locationTitle: r.locationTitle,
    sensorType: r.sensorType,
    unit: SAVING_UNIT[r.sensorType],
    periodStart: r.periodStart,
    periodEnd: r.periodEnd,
    timeRange: one ? r.timeRange : `${r.periodStart} to ${r.periodEnd}`,
    expected: expected == null ? null : round(expected, 3),
    actual: actual == null ? null : round(actual, 3),
    avoided: avoided == null ? null : round(avoided, 3),
    uncertainty,
    valueFlat,
    uncertaintyFlat,
    currency: r.currency,
    valuePercentage,
    stars,
    method,
    status,
    reason,
    methodText: methodText(method, method === 'model' ? r.card : null),
    goal,
    goalProgress,
    level: goalLevel(goalProgress),
    periods: r.periods,
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
  const records = await readChartDays(db, inputPods, {
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
