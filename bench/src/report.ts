/**
 * bench/report: a year's report (docs/domain.md#reports) of one client of --pods pods (10 locations x 10 areas;
 * fewer than 100: 1 x 2) in the UK, with two years of daily and monthly rollups (electricity and water), a claimed
 * monthly saving per pod and month, a rule per pod with 20 notifications each over the year, a stored score, the
 * months the score pass sums for reports, and one pod in ten with a measured baseline (a tariff naming 2024, its
 * fitted card) and 2025's hourly electricity, so the daily chart is in the figure.
 * Times buildReport (what GET /api/report does after its checks) for the last closed calendar year, --runs
 * times, and prints p50/p95 against the 1 s budget (docs/performance.md); then the Savings page's year
 * (savingsSummaryOf, what GET /api/savings/summary does: the client's cards and chart) as many times.
 *   npm run bench:report [-- --pods 1000 --runs 10 --skip-pglite --baseline-every 10 --keep --database NAME]
 * --database adds the estate to a database already on DATABASE_URL's server (the 100 M readings bench:query
 * loaded): every statement keeps to the bench's own client, and the database is kept.
 * Timings are printed, never asserted.
 */
import { parseArgs } from 'node:util';
import {
  buildReport,
  type Database,
  fitBaseline,
  migrate,
  openPglite,
  openPostgres,
  readDayRecords,
  savingsSummaryOf,
  seedBase,
  storeReportMonths,
  storeSavingDays,
} from '@greenpod/server/bench';
import { freePort } from '@greenpod/server/testing';
import { benchDatabase, existingDatabase } from './pg-cluster';

const { values: args } = parseArgs({
  options: {
    pods: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '10' },
    'skip-pglite': { type: 'boolean', default: false },
    'skip-postgres': { type: 'boolean', default: false },
    // Leaves the PostgreSQL database in place (its URL printed), to EXPLAIN the report's statements on it.
    keep: { type: 'boolean', default: false },
    // One pod in this many has a measured baseline (0: none, the chart then answers its reason at once).
    'baseline-every': { type: 'string', default: '10' },
    database: { type: 'string' },
  },
});
const PODS = Math.max(2, Number(args.pods));
const LOCATIONS = PODS >= 100 ? 10 : 1;
const AREAS = PODS >= 100 ? 10 : 2;
const RUNS = Math.max(2, Number(args.runs));
const NOW = new Date('2026-02-10T09:00:00.000Z');
const FROM = '2025-01-01';
const TO = '2025-12-31';
const SCOPE = { all: true } as const;
const BUDGET_MS = 1000;
/** One pod in ten has a measured baseline (fitted on 2024), so the report's daily chart reads its hours of 2025. */
const BASELINE_EVERY = Math.max(0, Number(args['baseline-every']));

/** A weekday-shaped year of daily use (kWh), fitted once: every baseline pod shares the card. */
function baselineCard() {
  const days = Array.from({ length: 366 }, (_, i) => {
    const date = new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10);
    const x = Math.sin((i + 1) * 12.9898) * 43758.5453;
    return {
      date,
      use: 60 * (1 + 0.05 * (2 * (x - Math.floor(x)) - 1)),
      readings: 288,
      expectedReadings: 288,
      meanOutdoorC: null,
      occupiedHours: null,
    };
  });
  return fitBaseline(days, { first: '2024-01-01', last: '2024-12-31' });
}

async function build(db: Database): Promise<number> {
  await migrate(db);
  await seedBase(db, { adminEmail: 'bench@greenpod.test', adminPassword: 'bench-password-1' });
  const perArea = Math.max(1, Math.round(PODS / (LOCATIONS * AREAS)));
  const [client] = await db.query<{ id: number }>(
    `WITH g AS (INSERT INTO app_group (title, description, shortcode) VALUES ('Report bench', 'bench', 'reportgroup1') RETURNING id)
     INSERT INTO client (group_id, title, description, shortcode)
     SELECT id, 'Bench client', 'bench', 'reportclient' FROM g RETURNING id`,
  );
  // Every statement below keeps to this client's rows: the database may hold another estate (--database).
  const mine = [client?.id as number];
  await db.query(
    `INSERT INTO configuration (group_id, client_id, background_color, foreground_color, primary_action_color,
       secondary_action_color, success_color, warning_color, dropdown_color, primary_text_color, secondary_text_color,
       time_frame, alert_limit, currency, electricity_tariff, water_tariff, standing_charge)
     SELECT group_id, id, '#ffffff', '#000000', '#2f9e44', '#1c7ed6', '#37b24d', '#f59f00', '#ffffff', '#000000',
       '#555555', 30, 100, 'GBP', 0.25, 0.002, 12 FROM client WHERE id = $1`,
    mine,
  );
  await db.query(
    `INSERT INTO location (group_id, client_id, title, description, country, city, address, contact_name, contact_number, box_count)
     SELECT c.group_id, c.id, 'Location ' || lpad(i::text, 2, '0'), 'bench', 'UK', 'London', 'x', 'x', 'x', 0
     FROM client c, generate_series(1, ${LOCATIONS}) i WHERE c.id = $1`,
    mine,
  );
  await db.query(
    `INSERT INTO area (group_id, client_id, location_id, title, description)
     SELECT l.group_id, l.client_id, l.id, 'Area ' || lpad(i::text, 2, '0'), 'bench' FROM location l, generate_series(1, ${AREAS}) i
     WHERE l.client_id = $1`,
    mine,
  );
  await db.query(
    `INSERT INTO pod (group_id, client_id, location_id, area_id, identifier, title, description, voltage)
     SELECT a.group_id, a.client_id, a.location_id, a.id, 'bench-' || a.id || '-' || i, 'Pod ' || lpad(i::text, 3, '0'), 'bench', 230
     FROM area a, generate_series(1, ${perArea}) i WHERE a.client_id = $1`,
    mine,
  );
  await db.query(
    `INSERT INTO pod_sensor (pod_id, sensor_id)
     SELECT p.id, s.id FROM pod p JOIN sensor s ON s.type IN ('ELECTRICITY', 'WATER_FLOW', 'MOTION') WHERE p.client_id = $1`,
    mine,
  );
  // Two years of UTC days (the year and the one before, for last year), one statement per type.
  for (const [type, perDay] of [
    ['ELECTRICITY', '288 * (0.5 + (p.id % 7) / 10.0)'],
    ['WATER_FLOW', '288 * (2 + (p.id % 5))'],
  ] as const) {
    await db.query(
      `INSERT INTO measurement_daily (pod_id, sensor_type, bucket, count, sum, min, max)
       SELECT p.id, $1, d, CASE WHEN (p.id + extract(doy FROM d)::int) % 50 = 0 THEN 100 ELSE 288 END, ${perDay}, 0, 2
       FROM pod p, generate_series('2024-01-01'::timestamptz, '2026-01-31'::timestamptz, interval '1 day') d
       WHERE p.client_id = $2`,
      [type, ...mine],
    );
  }
  await db.query(
    `INSERT INTO measurement_monthly (pod_id, sensor_type, bucket, count, sum, min, max)
     SELECT pod_id, sensor_type, date_trunc('month', bucket, 'UTC'), sum(count), sum(sum), min(min), max(max)
     FROM measurement_daily WHERE pod_id IN (SELECT id FROM pod WHERE client_id = $1) GROUP BY 1, 2, 3`,
    mine,
  );
  await db.query(
    `INSERT INTO saving (group_id, client_id, pod_id, sensor_type, type, time_range, period_start, period_end,
                         expected, actual, avoided, unit, value_flat, currency, value_percentage, uncertainty, stars,
                         method, status)
     SELECT p.group_id, p.client_id, p.id, 'ELECTRICITY', 'MONTHLY', to_char(m, 'FMMonth YYYY'), m,
            (m + interval '1 month' - interval '1 day')::date, 1000, 1000 - (p.id % 9) * 10, (p.id % 9) * 10, 'kWh',
            (p.id % 9) * 2.5, 'GBP', (p.id % 9), 15, 2, 'model', 'claimed'
     FROM pod p, generate_series('2025-01-01'::date, '2025-12-01'::date, interval '1 month') m WHERE p.client_id = $1`,
    mine,
  );
  await db.query(
    `INSERT INTO rule (group_id, client_id, pod_id, sensor_id, title, description, condition, threshold_value, severity, action)
     SELECT p.group_id, p.client_id, p.id, s.id, 'Power over ' || (p.id % 4 + 1) || ' kW', 'bench', 'greater', 4,
            (ARRAY['HIGH', 'MEDIUM', 'LOW'])[1 + p.id % 3], 'notify'
     FROM pod p JOIN sensor s ON s.type = 'ELECTRICITY' WHERE p.client_id = $1`,
    mine,
  );
  await db.query(
    `INSERT INTO notification (group_id, client_id, pod_id, sensor_id, rule_id, value, type, severity, created)
     SELECT r.group_id, r.client_id, r.pod_id, r.sensor_id, r.id, 5, 'rule', r.severity,
            '2025-01-01'::timestamptz + (i * 18 + r.id % 17) * interval '1 day'
     FROM rule r, generate_series(0, 19) i WHERE r.client_id = $1`,
    mine,
  );
  // The score the scheduler stores beside the savings (a report reads it, never computes 30 days of hours).
  await db.query(
    `INSERT INTO green_score (level, id, stars, reason, completeness, parts, computed)
     VALUES ('client', $1, 3, NULL, 0.97, '[]', $2)`,
    [client?.id ?? 0, NOW],
  );
  // Baseline pods: a tariff naming the 2024 baseline, its fitted card, and 2025's hourly electricity rollups.
  const baselinePods = `pod.client_id = ${mine[0]} AND ${BASELINE_EVERY ? `pod.id % ${BASELINE_EVERY} = 0` : 'false'}`;
  const card = baselineCard();
  await db.query(
    `INSERT INTO tariff (group_id, client_id, pod_id, sensor_type, type, time_range, saving_flat, value, currency,
                         multiplier, voltage, baseline_from, baseline_to)
     SELECT group_id, client_id, id, 'ELECTRICITY', 'MONTHLY', 'Monthly', 10, 1800, 'GBP', 1, voltage,
            '2024-01-01', '2024-12-31'
     FROM pod WHERE ${baselinePods}`,
  );
  await db.query(
    `INSERT INTO baseline_model (pod_id, sensor_type, baseline_from, baseline_to, card)
     SELECT id, 'ELECTRICITY', '2024-01-01', '2024-12-31', $1::jsonb FROM pod WHERE ${baselinePods}`,
    [JSON.stringify(card)],
  );
  await db.query(
    `INSERT INTO measurement_hourly (pod_id, sensor_type, bucket, count, sum, min, max)
     SELECT pod.id, 'ELECTRICITY', h, 12, 12 * (0.5 + (pod.id % 7) / 10.0), 0, 2
     FROM pod, generate_series('2025-01-01'::timestamptz, '2025-12-31 23:00'::timestamptz, interval '1 hour') h
     WHERE ${baselinePods}`,
  );
  // The days the savings pass keeps with the savings it computes (saving_day), as its passes would have by now:
  // the chart reads them, and the hourly rollups only for days no saving covers.
  const inputPods = await db.query<{ id: number; areaId: number; locationId: number; factor: number }>(
    `SELECT id, area_id AS "areaId", location_id AS "locationId", voltage / 1000.0 AS factor FROM pod WHERE ${baselinePods}`,
  );
  const days = await readDayRecords(db, inputPods, {
    sensorType: 'ELECTRICITY',
    first: '2025-01-01',
    last: '2025-12-31',
    timeZone: 'Europe/London',
  });
  for (const [podId, records] of days) await storeSavingDays(db, podId, 'ELECTRICITY', 'Europe/London', records);
  // The months the score pass sums for reports (report_month), as its passes would have by now.
  while ((await storeReportMonths(db, NOW)) > 0);
  await db.query('ANALYZE');
  return client?.id as number;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

async function bench(name: string, db: Database) {
  const t0 = performance.now();
  const clientId = await build(db);
  console.log(`${name}: built ${PODS} pods x 2 years of rollups in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const req = { place: { clientId }, from: FROM, to: TO, timeZone: 'Europe/London', now: NOW };
  const first = await buildReport(db, SCOPE, req); // warms the caches and plans; not counted
  const ms: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t = performance.now();
    JSON.stringify(await buildReport(db, SCOPE, req));
    ms.push(performance.now() - t);
  }
  const page = {
    window: 'year',
    sensorType: 'ELECTRICITY',
    place: { clientId },
    now: NOW,
    timeZone: req.timeZone,
  } as const;
  const savings = await savingsSummaryOf(db, SCOPE, page);
  const pageMs: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t = performance.now();
    JSON.stringify(await savingsSummaryOf(db, SCOPE, page));
    pageMs.push(performance.now() - t);
  }
  return {
    name,
    p50: pct(ms, 50),
    p95: pct(ms, 95),
    first,
    page: { p50: pct(pageMs, 50), p95: pct(pageMs, 95), cards: savings.cards.length },
  };
}

const results = [];
if (!args['skip-pglite']) {
  const db = await openPglite();
  results.push(await bench('PGlite', db));
  await db.close();
}
if (!args['skip-postgres']) {
  const target = args.database
    ? existingDatabase(args.database)
    : await benchDatabase('greenpod_bench_report', await freePort());
  const db = await openPostgres(target.url);
  try {
    results.push(await bench('PostgreSQL', db));
  } finally {
    await db.close();
    if (args.keep) console.log(`kept: ${target.url}`);
    else await target.drop();
  }
}
console.log(
  `\nbench/report: a year's report (${FROM} to ${TO}, Europe/London) of one client of ${PODS} pods, ${RUNS} runs`,
);
for (const r of results) {
  const t = r.first.totals;
  console.log(`
${r.name}
  buildReport: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${(r.p95 / BUDGET_MS).toFixed(2)} x the 1 s budget)
  Savings page, year (${r.page.cards} cards): p50 ${r.page.p50.toFixed(1)} ms, p95 ${r.page.p95.toFixed(1)} ms
  chart: ${r.first.daily.days.filter((d) => d.expected !== null).length} days with expected use${r.first.daily.reason ? ` (${r.first.daily.reason})` : ''}; use while empty ${r.first.emptyUse.electricityKwh ?? r.first.emptyUse.note} kWh
  figures: ${t.electricityKwh} kWh, ${t.waterLitres} L, ${t.cost} ${r.first.currency}, ${t.emissionsKg} kg CO2e; ${r.first.savings.rows.length} saving rows, ${r.first.notifications.total} notifications, ${r.first.completeness.length} pods`);
}
process.exit(0);
