import { AGGREGATE_SETTLE_MS } from '../aggregates/aggregate-generator';
import type { Queryable } from '../db/database';
import { addDays } from '../savings/savings-periods';
import { completeDays, mainTypes } from './report-completeness';
import { type EmptyUseSums, emptyUseSums } from './report-empty-use';

/** Months summed per pass, newest first, so a first pass over years of history stays as short as a score pass. */
const MONTHS_PER_PASS = 3;

/** A pod's figures over some days: complete days, and sums of readings in all hours and in unoccupied ones. */
export type PodDays = EmptyUseSums & { completeDays: number };

/** yyyy-MM-01 of a UTC month, and its last day. */
const monthOf = (date: string) => `${date.slice(0, 7)}-01`;
const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};
const utcDay = (date: string) => new Date(`${date}T00:00:00.000Z`);

/**
 * The score pass's part (docs/domain.md#reports): for up to MONTHS_PER_PASS closed UTC months (newest first, from
 * the first monthly rollup on), each pod's row of report_month that is missing, so a year's report reads twelve
 * rows per pod instead of 365 days of daily rollups and 8,760 hours of hourly ones. A month is closed
 * AGGREGATE_SETTLE_MS after its end; its rows are never recomputed.
 */
export async function storeReportMonths(db: Queryable, now: Date): Promise<number> {
  const settled = new Date(now.getTime() - AGGREGATE_SETTLE_MS).toISOString().slice(0, 10);
  const lastClosed = addDays(monthOf(settled), -1);
  const missing = await db.query<{ month: string; pods: number[] }>(
    `SELECT to_char(m, 'YYYY-MM-DD') AS month, array_agg(p.id ORDER BY p.id) AS pods
     FROM generate_series((SELECT date_trunc('month', min(bucket) AT TIME ZONE 'UTC') FROM measurement_monthly),
                          $1::date, interval '1 month') m
     CROSS JOIN pod p
     WHERE NOT EXISTS (SELECT 1 FROM report_month r WHERE r.pod_id = p.id AND r.month = m::date)
     GROUP BY 1 ORDER BY 1 DESC LIMIT ${MONTHS_PER_PASS}`,
    [lastClosed],
  );
  let written = 0;
  for (const { month, pods } of missing) {
    const last = addDays(nextMonth(month), -1);
    const figures = await liveDays(db, pods, month, last);
    const rows = pods.map((id) => ({ pod_id: id, month, ...(figures.get(id) ?? EMPTY) }));
    await db.query(
      `INSERT INTO report_month (pod_id, month, complete_days, electricity, empty_electricity, water, empty_water)
       SELECT x.pod_id, x.month, x."completeDays", x.electricity, x."emptyElectricity", x.water, x."emptyWater"
       FROM jsonb_to_recordset($1::jsonb) AS x(pod_id int, month date, "completeDays" int, electricity float8,
         "emptyElectricity" float8, water float8, "emptyWater" float8)
       ON CONFLICT (pod_id, month) DO NOTHING`,
      [JSON.stringify(rows)],
    );
    written += rows.length;
  }
  return written;
}

const EMPTY: PodDays = { completeDays: 0, electricity: null, emptyElectricity: null, water: null, emptyWater: null };

/** Pods' figures over UTC days first..last (yyyy-MM-dd), from the daily and hourly rollups. */
async function liveDays(db: Queryable, podIds: readonly number[], first: string, last: string) {
  const window = { from: utcDay(first), to: utcDay(addDays(last, 1)) };
  return podDays(db, podIds, await mainTypes(db, podIds), first, last, window);
}

/** Pods' complete days over first..last and their use over `window` (none without one), from the rollups. */
async function podDays(
  db: Queryable,
  podIds: readonly number[],
  main: Map<number, string>,
  first: string,
  last: string,
  window: { from: Date; to: Date } | null,
): Promise<Map<number, PodDays>> {
  const [complete, use] = await Promise.all([
    completeDays(db, main, first, last),
    window ? emptyUseSums(db, podIds, window) : new Map<number, EmptyUseSums>(),
  ]);
  return new Map(podIds.map((id) => [id, { ...(use.get(id) ?? EMPTY), completeDays: complete.get(id) ?? 0 }] as const));
}

/**
 * The report's per-pod figures over from..to: whole UTC months that every pod has in report_month read from there,
 * the other days from the rollups. When stored months are used the period is read as UTC days of the same dates
 * (as completeness always is); otherwise use while empty keeps the report's own window. `liveDays` tells how many
 * days came from the rollups (use while empty reads those hour by hour).
 */
export async function reportPodDays(
  db: Queryable,
  podIds: readonly number[],
  from: string,
  to: string,
  window: { from: Date; to: Date },
  maxLiveDays: number,
): Promise<{ pods: Map<number, PodDays>; liveDays: number; emptyUse: boolean }> {
  const months: string[] = [];
  for (let m = monthOf(from) === from ? from : nextMonth(from); addDays(nextMonth(m), -1) <= to; m = nextMonth(m))
    months.push(m);
  const stored = months.length
    ? await db.query<{ month: string }>(
        `SELECT to_char(month, 'YYYY-MM-DD') AS month FROM report_month
         WHERE pod_id = ANY($1::int[]) AND month = ANY($2::date[]) GROUP BY month HAVING count(*) = $3`,
        [[...podIds], months, podIds.length],
      )
    : [];
  const whole = new Set(stored.map((r) => r.month));
  // The days left: ranges between the stored months.
  const ranges: [string, string][] = [];
  let start: string | null = null;
  for (let d = from; d <= to; ) {
    if (whole.has(d)) {
      if (start !== null) ranges.push([start, addDays(d, -1)]);
      start = null;
      d = nextMonth(d);
    } else {
      start ??= d;
      d = addDays(d, 1);
    }
  }
  if (start !== null) ranges.push([start, to]);
  const liveCount = ranges.reduce((n, [a, b]) => n + (utcDay(b).getTime() - utcDay(a).getTime()) / 86_400_000 + 1, 0);
  const emptyUse = liveCount <= maxLiveDays;

  const out = new Map<number, PodDays>(podIds.map((id) => [id, { ...EMPTY }]));
  const add = (figures: Map<number, PodDays>) => {
    for (const [id, f] of figures) {
      const o = out.get(id);
      if (!o) continue;
      o.completeDays += f.completeDays;
      o.electricity = plus(o.electricity, f.electricity);
      o.emptyElectricity = plus(o.emptyElectricity, f.emptyElectricity);
      o.water = plus(o.water, f.water);
      o.emptyWater = plus(o.emptyWater, f.emptyWater);
    }
  };
  if (whole.size) {
    const rows = await db.query<PodDays & { podId: number }>(
      `SELECT pod_id AS "podId", sum(complete_days)::int AS "completeDays", sum(electricity) AS electricity,
         sum(empty_electricity) AS "emptyElectricity", sum(water) AS water, sum(empty_water) AS "emptyWater"
       FROM report_month WHERE pod_id = ANY($1::int[]) AND month = ANY($2::date[]) GROUP BY pod_id`,
      [[...podIds], [...whole]],
    );
    add(new Map(rows.map((r) => [r.podId, r])));
  }
  const main = ranges.length ? await mainTypes(db, podIds) : new Map<number, string>();
  for (const [a, b] of ranges) {
    // No stored month: the report's own window (its time zone's days); else the UTC days of the same dates.
    const span = whole.size ? { from: utcDay(a), to: utcDay(addDays(b, 1)) } : window;
    add(await podDays(db, podIds, main, a, b, emptyUse ? span : null));
  }
  return { pods: out, liveDays: liveCount, emptyUse };
}

const plus = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a + b);
