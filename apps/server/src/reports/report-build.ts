import { formatWireTime, periodDays, type ReportAnswer, reportPeriodLabel, type Scope } from '@greenpod/contracts';
import { type PlaceFilter, podsUnderSql } from '../dashboard/dashboard-scope';
import type { Queryable, SqlParam } from '../db/database';
import { savingsChartOf } from '../savings/savings-summary';
import { completenessRows, mainTypes, readingsCompleteness } from './report-completeness';
import { emissionFactors } from './report-emissions';
import { MAX_EMPTY_USE_DAYS, reportEmptyUse } from './report-empty-use';
import { reportPodDays } from './report-months';
import { reportNotifications } from './report-notifications';
import { periodWindow, yearEarlier } from './report-period';
import { reportPods, reportPrices, reportScope } from './report-place';
import { coverageText, expectedUse, reportSavings, savingRow, savingTotals } from './report-savings';
import { reportScore } from './report-score';
import { figuresOf, podUse } from './report-totals';

/** One report's scope and period: whole days `from`..`to` (yyyy-MM-dd, both included) on `timeZone`'s calendar. */
export interface ReportRequest {
  place: PlaceFilter;
  from: string;
  to: string;
  timeZone: string;
  now: Date;
}

/**
 * The report of a place the caller may see (checked before) over a valid period (docs/domain.md#reports), read
 * from rollups and stored savings and scores, never from raw readings over long periods.
 */
export async function buildReport(db: Queryable, scope: Scope, req: ReportRequest): Promise<ReportAnswer> {
  const { from, to, timeZone, now } = req;
  const place = await reportScope(db, req.place);
  const [pods, prices] = await Promise.all([reportPods(db, scope, req.place), reportPrices(db, place.clientId)]);
  const days = periodDays(from, to);
  const window = periodWindow(from, to, timeZone);
  const last = { from: yearEarlier(from), to: yearEarlier(to) };
  const lastDays = periodDays(last.from, last.to);
  const factors = emissionFactors(pods, prices);
  const standingPerDay = (await billsWholeClient(db, scope, place)) ? prices.standingCharge : null;
  const standing = (n: number) => (standingPerDay === null ? null : Number(standingPerDay) * n);

  const podIds = pods.map((p) => p.id);
  const main = await mainTypes(db, podIds);
  const [{ use }, { use: lastUse, counts: lastCounts }, cards, podDays] = await Promise.all([
    podUse(db, pods, window, now),
    podUse(db, pods, periodWindow(last.from, last.to, timeZone), now),
    reportSavings(db, scope, req.place, from, to),
    reportPodDays(db, podIds, from, to, window, MAX_EMPTY_USE_DAYS),
  ]);
  const [daily, notifications, emptyUse, score] = await Promise.all([
    savingsChartOf(db, scope, { place: req.place, sensorType: 'ELECTRICITY', from, to, timeZone }),
    reportNotifications(db, scope, req.place, window),
    reportEmptyUse(db, pods, podDays.pods, podDays.emptyUse),
    reportScore(db, place.level, place.id, now),
  ]);
  const complete = new Map([...podDays.pods].map(([id, f]) => [id, f.completeDays]));

  const actual = figuresOf(pods, use, prices, factors, standing(days));
  const rows = cards.map(savingRow);
  const expected = expectedUse(rows);
  const lastYear = figuresOf(pods, lastUse, prices, factors, standing(lastDays));
  return {
    scope: place,
    period: { from, to, days, timeZone, label: reportPeriodLabel(from, to) },
    generated: formatWireTime(now),
    currency: prices.currency,
    totals: actual.figures,
    cost: actual.cost,
    expected: {
      ...figuresOf(pods, expected, prices, factors, expected.size ? standing(days) : null).figures,
      coverage: coverageText(pods, use, expected),
    },
    lastYear: { ...lastYear.figures, ...last, completeness: readingsCompleteness(pods, main, lastCounts, lastDays) },
    emissions: factors.answer,
    savings: { rows, totals: savingTotals(rows) },
    daily,
    score,
    notifications,
    emptyUse,
    completeness: completenessRows(pods, complete, days),
  };
}

/**
 * The standing charge is the client's bill, per day (docs/domain.md#reports): a client report adds it whole when the
 * caller sees all the client's pods; a location, area or pod report, or a partial view, leaves it out (no share of
 * a bill can be defended).
 */
async function billsWholeClient(db: Queryable, scope: Scope, place: ReportAnswer['scope']): Promise<boolean> {
  if (place.level !== 'client') return false;
  const params: SqlParam[] = [];
  const visible = podsUnderSql(scope, { clientId: place.clientId }, params);
  params.push(place.clientId);
  const [row] = await db.query<{ hidden: number }>(
    `SELECT count(*)::int AS hidden FROM pod p WHERE p.client_id = $${params.length} AND p.id NOT IN (${visible})`,
    params,
  );
  return Number(row?.hidden ?? 0) === 0;
}
