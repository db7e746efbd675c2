import { getResource, type SavingsModelAnswer, type SavingsSummary } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEstate, type Estate, locationViewer } from '../test/estate-fixture';
import { create } from '../test/factory';
import { createTestApp, type TestApp } from '../test/test-app';
import { addDays, lastClosedPeriods } from './savings-periods';
import { runSavingsPass } from './savings-scheduler';
import { percentText } from './savings-text';
import { jitter, writeHourly } from './test-fixtures';

let t: TestApp;
let estate: Estate;
const NOW = new Date();
const month = lastClosedPeriods('MONTHLY', NOW, 'UTC')[0];
if (!month) throw new Error('no closed month');
// The reporting month is the last closed one; the baseline the 365 days before it.
const baselineTo = addDays(month.first, -1);
const baselineFrom = addDays(baselineTo, -364);
const VOLTS = 230;

/** Outdoor temperature of a date: cold in January, warm in July. */
const outdoorC = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  const doy = (d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000;
  return 12 - 10 * Math.cos((2 * Math.PI * (doy - 15)) / 365);
};
/** kWh a day: 50 base + 4 per heating degree day below 16 degC. */
const dailyKwh = (date: string) => 50 + 4 * Math.max(0, 16 - outdoorC(date));

interface Scenario {
  noise: number;
  drop: number;
  /** Days left out of the baseline / of the reporting month. */
  baselineGaps?: number;
  reportingGaps?: number;
  weatherless?: boolean;
}

/** Writes a pod's electricity from the baseline's first day to the reporting month's last. */
async function writeUse(podId: number, s: Scenario) {
  await writeHourly(t.db, podId, 'ELECTRICITY', baselineFrom, month?.last as string, (date, _hour, index) => {
    const reporting = date >= (month?.first as string);
    if (!reporting && s.baselineGaps && index % 9 === 0 && index / 9 < s.baselineGaps) return null;
    if (reporting && s.reportingGaps && date <= addDays(month?.first as string, s.reportingGaps - 1)) return null;
    const kwh =
      (s.weatherless ? 40 : dailyKwh(date)) * (1 + s.noise * jitter(index, podId)) * (reporting ? 1 - s.drop : 1);
    return { sum: (kwh * 1000) / VOLTS / 24 };
  });
}

async function tariff(podId: number, body: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/tariff', {
    token: t.adminToken,
    body: {
      groupId: estate.ctx.group,
      clientId: estate.ctx.client,
      podId,
      sensorType: 'ELECTRICITY',
      type: 'MONTHLY',
      timeRange: 'Monthly',
      savingFlat: 10,
      value: 1500,
      currency: 'EUR',
      multiplier: 1,
      voltage: VOLTS,
      baselineFrom,
      baselineTo,
      ...body,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body.data as { id: number }).id;
}

interface SavingRow {
  id: number;
  podId: number;
  periodStart: string;
  status: string;
  method: string;
  stars: number;
  valueFlat: number | null;
  uncertainty: number | null;
  valuePercentage: number | null;
  completeness: number;
}
async function rowOf(podId: number) {
  const [row] = await t.db.query<{
    status: string;
    method: string;
    stars: number;
    value_flat: number | null;
    uncertainty: number | null;
    value_percentage: number | null;
    model: { reason: string | null };
  }>(
    `SELECT status, method, stars, value_flat, uncertainty, value_percentage, model FROM saving
     WHERE pod_id = $1 AND period_start = $2::date`,
    [podId, month?.first ?? ''],
  );
  return row;
}
const savingCount = async () =>
  Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM saving'))[0]?.n);

let pods: number[];
let viewerToken: string | undefined;
/** One viewer bound to location 1 (a role's title is unique: made once). */
const viewer = async () => {
  viewerToken ??= (await locationViewer(t, estate, estate.locations[1] as number)).token;
  return viewerToken;
};
let outdoorPod: number;
const post = (podId: number, token = t.adminToken, extra: Record<string, unknown> = {}) =>
  t.call('POST', '/api/savings', {
    token,
    body: {
      groupId: estate.ctx.group,
      clientId: estate.ctx.client,
      podId,
      sensorId: estate.sensorIds.ELECTRICITY,
      type: 'MONTHLY',
      ...extra,
    },
  });

beforeAll(async () => {
  t = await createTestApp();
  estate = await buildEstate(t);
  pods = estate.pods.map((p) => p.id);
  await create(t, getResource('configuration'), { ...estate.ctx }, { electricityTariff: 0.25, waterTariff: 0.002 });
  const area = estate.areas[0];
  outdoorPod = await create(
    t,
    getResource('pod'),
    { ...estate.ctx, location: area?.locationId ?? 0, area: area?.id ?? 0 },
    { voltage: 230, outdoor: true },
  );
  await writeHourly(t.db, outdoorPod, 'TEMPERATURE', baselineFrom, month.last, (date) => ({
    sum: outdoorC(date) * 12,
  }));
  const [p1, p2, p3, p4, p5, p6] = pods as [number, number, number, number, number, number];
  await writeUse(p1, { noise: 0.03, drop: 0.17 });
  await writeUse(p2, { noise: 0.15, drop: 0.01 });
  await writeUse(p3, { noise: 0.03, drop: 0.17, baselineGaps: 40 });
  await writeUse(p4, { noise: 0.9, drop: 0.17 });
  await writeUse(p5, { noise: 0, drop: 0.2, weatherless: true });
  await writeUse(p6, { noise: 0.03, drop: 0.17, reportingGaps: 5 });
  for (const p of [p1, p2, p3, p4, p6]) await tariff(p);
  await tariff(p5, { baselineFrom: null, baselineTo: null, value: 40 * 31 });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('Create Savings and the scheduler', () => {
  it('claims a 17 % drop against the measured baseline, with its +/- and 3 stars', async () => {
    const res = await post(pods[0] as number);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const rows = res.body.data as SavingRow[];
    expect(rows.length).toBeGreaterThanOrEqual(1);
    const last = rows[rows.length - 1] as SavingRow;
    expect(last.periodStart).toBe(month.first);
    expect(last).toMatchObject({ status: 'claimed', method: 'model', stars: 3 });
    expect(last.uncertainty).toBeGreaterThan(0);
    expect(last.valueFlat).toBeGreaterThan(0);
    expect(last.valuePercentage).toBeGreaterThan(15);
    // Every row of the list shape.
    expect(Object.keys(last)).toEqual(expect.arrayContaining(['podTitle', 'timeRange', 'created']));
  });

  it('running Create Savings twice changes nothing', async () => {
    const before = await savingCount();
    const res = await post(pods[0] as number);
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual([]);
    expect(await savingCount()).toBe(before);
  });

  it('the scheduler computes every tariff once; a second pass makes no row', async () => {
    const first = await runSavingsPass(t.db, { timeZone: 'UTC', now: NOW });
    expect(first.computed).toBeGreaterThan(0);
    const count = await savingCount();
    const second = await runSavingsPass(t.db, { timeZone: 'UTC', now: NOW });
    expect(second).toEqual({ computed: 0, skipped: 0 });
    expect(await savingCount()).toBe(count);
  });

  it('an explicit now computes only the periods closed then; the rest come with a later pass', async () => {
    const starts = async () =>
      (
        await t.db.query<{ d: string }>(
          `SELECT to_char(period_start, 'YYYY-MM-DD') AS d FROM saving WHERE pod_id = $1 ORDER BY 1`,
          [pods[1] ?? 0],
        )
      ).map((r) => r.d);
    await t.db.query('DELETE FROM saving WHERE pod_id = $1', [pods[1] ?? 0]);
    // The day after the reporting month began: that month is still open.
    await runSavingsPass(t.db, { timeZone: 'UTC', now: new Date(month.start.getTime() + 86_400_000) });
    const early = await starts();
    expect(early.length).toBeGreaterThan(0);
    expect(early).not.toContain(month.first);
    await runSavingsPass(t.db, { timeZone: 'UTC', now: NOW });
    expect(await starts()).toEqual([...early, month.first]);
  });

  it('a 1 % drop on noisy data is within the uncertainty: not significant, no stars', async () => {
    const row = await rowOf(pods[1] as number);
    expect(row).toMatchObject({ status: 'not-significant', method: 'model', stars: 0 });
    expect(row?.model.reason).toMatch(/uncertainty/);
  });

  it('a baseline with 40 missing days is not used: the tariff value, status insufficient-data and why', async () => {
    const row = await rowOf(pods[2] as number);
    expect(row).toMatchObject({ status: 'insufficient-data', method: 'tariff' });
    expect(row?.value_flat).not.toBeNull();
    expect(row?.model.reason).toMatch(/missing/);
  });

  it('a very noisy baseline is an unreliable model', async () => {
    const row = await rowOf(pods[3] as number);
    expect(row).toMatchObject({ status: 'unreliable-model', method: 'tariff' });
    expect(row?.model.reason).toMatch(/CV\(RMSE\)/);
  });

  it('without a baseline period the tariff value is the baseline, counted as claimed', async () => {
    const row = await rowOf(pods[4] as number);
    expect(row).toMatchObject({ status: 'tariff', method: 'tariff', stars: 4, uncertainty: null });
    expect(row?.value_percentage).toBeCloseTo(20, 0);
  });

  it('a reporting period under 90 % complete is not claimed: no money, no stars', async () => {
    const row = await rowOf(pods[5] as number);
    expect(row).toMatchObject({ status: 'insufficient-data', stars: 0, value_flat: null });
    expect(row?.model.reason).toMatch(/Readings cover only 83 % of this period/);
  });
});

describe('POST /api/savings refuses bad input, naming the field and writing nothing', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['a non-numeric id', { groupId: 'abc' }, 'groupId'],
    ['an unknown type', { type: 'YEARLY' }, 'type'],
    ['an unknown sensor', { sensorId: 999_999 }, 'sensorId'],
    ['an unknown pod', { podId: 999_999 }, 'podId'],
    ['an unknown client', { clientId: 999_999 }, 'clientId'],
    ['an unknown group', { groupId: 999_999 }, 'groupId'],
  ];
  for (const [what, extra, field] of cases) {
    it(`${what}: 400 naming ${field}`, async () => {
      const before = await savingCount();
      const res = await post(pods[0] as number, t.adminToken, extra);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(Object.keys(res.body.validationErrors ?? {})).toContain(field);
      expect(await savingCount()).toBe(before);
    });
  }

  it('a temperature sensor: 400 naming sensorId', async () => {
    const res = await post(pods[0] as number, t.adminToken, { sensorId: estate.sensorIds.TEMPERATURE });
    expect(res.status).toBe(400);
    expect(res.body.validationErrors?.sensorId).toEqual([
      'Savings are computed for electricity and water flow sensors',
    ]);
  });

  it('a pod without a tariff for the type: 400 naming podId', async () => {
    const res = await post(pods[6] as number);
    expect(res.status).toBe(400);
    expect(res.body.validationErrors?.podId?.[0]).toMatch(/no MONTHLY tariff for ELECTRICITY/);
  });

  it('a pod of another client: 400 naming podId', async () => {
    const other = await create(t, getResource('pod'), {}, { voltage: 230 });
    const res = await post(other);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.validationErrors ?? {})).toContain('podId');
  });

  it('a viewer may not: 403', async () => {
    const res = await post(pods[4] as number, await viewer());
    expect(res.status).toBe(403);
  });
});

describe('reading savings', () => {
  it('a viewer sees only their pods in the list and the summary, and 404 on another place model card', async () => {
    const token = await viewer();
    const mine = estate.pods.filter((p) => p.locationId === estate.locations[1]).map((p) => p.id);
    const list = await t.call('GET', '/api/savings', { token });
    expect(list.status).toBe(200);
    const rows = list.body.data as SavingRow[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => mine.includes(r.podId))).toBe(true);
    const summary = await t.call('GET', '/api/savings/summary?window=month', { token });
    expect(summary.status).toBe(200);
    const cards = (summary.body.data as SavingsSummary).cards;
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((c) => mine.includes(c.podId))).toBe(true);
    const model = await t.call('GET', `/api/savings/model?podId=${pods[0]}&sensorType=ELECTRICITY`, {
      token,
    });
    expect(model.status).toBe(404);
  });

  it('the model card of a pod: the measured baseline with weather', async () => {
    const res = await t.call('GET', `/api/savings/model?podId=${pods[0]}&sensorType=ELECTRICITY`, {
      token: t.adminToken,
    });
    expect(res.status).toBe(200);
    const answer = res.body.data as SavingsModelAnswer;
    expect(answer).toMatchObject({ method: 'model', baselineFrom, baselineTo, unit: 'kWh' });
    expect(answer.model?.drivers).toContain('hdd');
    expect(answer.model?.weather).toBe(true);
    expect(answer.summary).toMatch(/against the measured baseline: weather/);
  });

  it('the model card answers 400 for bad parameters', async () => {
    const res = await t.call('GET', '/api/savings/model?podId=x&sensorType=TEMPERATURE', { token: t.adminToken });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.validationErrors ?? {})).toEqual(expect.arrayContaining(['podId', 'sensorType']));
  });

  it('the month summary: cards with method text, goal and level; the chart over the month', async () => {
    const res = await t.call('GET', '/api/savings/summary?window=month', { token: t.adminToken });
    expect(res.status).toBe(200);
    const summary = res.body.data as SavingsSummary;
    expect(summary).toMatchObject({ window: 'month', from: month.first, to: month.last });
    const claimed = summary.cards.find((c) => c.podId === pods[0]);
    expect(claimed).toMatchObject({
      status: 'claimed',
      methodText: 'against the measured baseline: weather',
      reason: null,
      goal: 10,
      periods: 1,
    });
    expect(claimed?.goalProgress).toBeGreaterThan(75);
    expect(claimed?.level).toBe('HIGH');
    expect(claimed?.uncertaintyFlat).toBeGreaterThan(0);
    const incomplete = summary.cards.find((c) => c.podId === pods[5]);
    expect(incomplete?.reason).toMatch(/at least 90 % are needed/);
    const tariffCard = summary.cards.find((c) => c.podId === pods[4]);
    expect(tariffCard?.methodText).toBe("against the tariff's fixed baseline");
    expect(summary.chart.reason).toBeNull();
    expect(summary.chart.days.length).toBe(Number(month.last.slice(8)));
    const day = summary.chart.days[10];
    expect(day?.expected).toBeGreaterThan(day?.actual ?? Infinity);
    expect(day?.low).toBeLessThan(day?.expected ?? 0);
    expect(summary.chart.days[summary.chart.days.length - 1]?.cusum).toBeGreaterThan(0);
  });

  it('the chart draws the days the savings were computed from: a late change to a closed day moves neither', async () => {
    const chartDay = async () => {
      const res = await t.call('GET', '/api/savings/summary?window=month', { token: t.adminToken });
      return (res.body.data as SavingsSummary).chart.days[10];
    };
    const [kept] = await t.app.db.query<{ days: number }>(
      `SELECT count(*)::int AS days FROM saving_day
       WHERE pod_id = $1 AND sensor_type = 'ELECTRICITY' AND day BETWEEN $2::date AND $3::date`,
      [pods[0] as number, month.first, month.last],
    );
    expect(kept?.days).toBe(Number(month.last.slice(8)));
    const before = await chartDay();
    // A reading backfilled into that closed day, after its saving was computed.
    const bucket = `${before?.date}T12:00:00Z`;
    const late = [pods[0] as number, bucket] as const;
    await t.app.db.query(
      `UPDATE measurement_hourly SET sum = sum + 1000000 WHERE pod_id = $1 AND sensor_type = 'ELECTRICITY' AND bucket = $2`,
      [...late],
    );
    try {
      expect(await chartDay()).toEqual(before);
    } finally {
      await t.app.db.query(
        `UPDATE measurement_hourly SET sum = sum - 1000000 WHERE pod_id = $1 AND sensor_type = 'ELECTRICITY' AND bucket = $2`,
        [...late],
      );
    }
  });

  it('the summary is of the sensor type asked for: no electricity card on the water flow page', async () => {
    const water = (
      await t.call('GET', '/api/savings/summary?window=month&sensorType=WATER_FLOW', { token: t.adminToken })
    ).body.data as SavingsSummary;
    expect(water.cards).toEqual([]);
    const electricity = (
      await t.call('GET', '/api/savings/summary?window=month&sensorType=ELECTRICITY', { token: t.adminToken })
    ).body.data as SavingsSummary;
    expect(electricity.cards.length).toBeGreaterThan(0);
    expect(electricity.cards.every((c) => c.sensorType === 'ELECTRICITY')).toBe(true);
  });

  it('the year sums the monthly savings per pod; day and week show 30 days of chart', async () => {
    const year = (await t.call('GET', '/api/savings/summary?window=year', { token: t.adminToken })).body
      .data as SavingsSummary;
    expect(year.cards.find((c) => c.podId === pods[0])?.periods).toBeGreaterThan(1);
    const week = await t.call('GET', '/api/savings/summary?window=week&sensorType=WATER_FLOW', {
      token: t.adminToken,
    });
    expect(week.status).toBe(200);
    const chart = (week.body.data as SavingsSummary).chart;
    expect(chart.reason).toMatch(/No pod here has a usable measured baseline for water flow/);
    const bad = await t.call('GET', '/api/savings/summary?window=decade', { token: t.adminToken });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.validationErrors ?? {})).toContain('window');
  });
});

describe('a tariff baseline period', () => {
  const today = new Date().toISOString().slice(0, 10);
  const body = (extra: Record<string, unknown>) => ({
    groupId: estate.ctx.group,
    clientId: estate.ctx.client,
    podId: pods[7],
    sensorType: 'WATER_FLOW',
    type: 'DAILY',
    timeRange: 'Daily',
    savingFlat: 1,
    value: 100,
    currency: 'EUR',
    multiplier: 1,
    voltage: 230,
    ...extra,
  });
  it('in the future or ending before it starts: 400 naming baselineTo, on create and update', async () => {
    for (const extra of [
      { baselineFrom: '2025-01-01', baselineTo: addDays(today, 10) },
      { baselineFrom: '2025-06-01', baselineTo: '2025-01-01' },
    ]) {
      const res = await t.call('POST', '/api/tariff', { token: t.adminToken, body: body(extra) });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.validationErrors ?? {})).toContain('baselineTo');
    }
    const made = await t.call('POST', '/api/tariff', { token: t.adminToken, body: body({}) });
    const id = (made.body.data as { id: number }).id;
    const put = await t.call('PUT', `/api/tariff/${id}`, {
      token: t.adminToken,
      body: body({ baselineFrom: '2025-01-01', baselineTo: addDays(today, 1) }),
    });
    expect(put.status).toBe(400);
    expect(Object.keys(put.body.validationErrors ?? {})).toContain('baselineTo');
  });

  it('a valid baseline period round-trips as yyyy-MM-dd', async () => {
    const made = await t.call('POST', '/api/tariff', {
      token: t.adminToken,
      body: body({ type: 'WEEKLY', baselineFrom: '2025-01-01', baselineTo: '2025-06-30' }),
    });
    expect(made.status).toBe(201);
    const id = (made.body.data as { id: number }).id;
    const read = await t.call('GET', `/api/tariff/${id}`, { token: t.adminToken });
    expect(read.body.data).toMatchObject({ baselineFrom: '2025-01-01', baselineTo: '2025-06-30' });
  });
});

describe('the model summary in words', () => {
  it("a base-only model's adjusted R-squared of -1e-17 reads 0.0 %, not -0.0 %", () => {
    expect(percentText(-1e-17)).toBe('0.0');
    expect(percentText(-0.0004)).toBe('0.0');
    expect(percentText(-0.012)).toBe('-1.2');
    expect(percentText(0.8234)).toBe('82.3');
    expect(percentText(null)).toBe('n/a');
  });
});
