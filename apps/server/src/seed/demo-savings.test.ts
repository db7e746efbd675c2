import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { type DayRecord, fitBaseline, predictPeriod, savingsUncertainty } from '../savings/model';
import { readDayRecords } from '../savings/savings-inputs';
import { runSavingsPass } from '../savings/savings-scheduler';
import { openTestDatabase } from '../test/test-database';
import { seedBase } from './base-seed';
import { demoDates } from './demo-catalogue';
import { seedDemoEstate } from './demo-estate';

/**
 * A year of the demo's London hotel (LED lighting from three months back) and Porto nursery (a
 * tariff-only room and a room fitted 150 days ago), read back from the rollups the way the savings
 * read them (docs/domain.md#consumption): the demo has to give the baseline model something to claim,
 * something to refuse, and a saving too small to claim.
 */
let db: Database & { drop(): Promise<void> };
const now = new Date('2025-11-25T10:00:00Z');
const dates = demoDates(new Date('2025-11-25T00:00:00Z'));
const DAY_MS = 86_400_000;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

beforeAll(async () => {
  db = await openTestDatabase();
  await seedBase(db, { adminEmail: 'admin@greenpod.test', adminPassword: 'admin-password-1' });
  const podsFile = join(mkdtempSync(join(tmpdir(), 'greenpod-demo-savings-')), 'demo-pods.json');
  await seedDemoEstate(db, { podsFile, historyDays: 365, rawDays: 1, now, locations: ['lon', 'opo'] });
}, 600_000);
afterAll(async () => {
  await db?.drop();
});

const podId = async (identifier: string) =>
  (await db.query<{ id: number }>('SELECT id FROM pod WHERE identifier = $1', [identifier]))[0]?.id ?? 0;

/** The pod's electricity days as the savings read them (savings-inputs.ts), in kWh. */
async function dayRecords(identifier: string): Promise<DayRecord[]> {
  const [pod] = await db.query<{ id: number; area_id: number; location_id: number; voltage: number }>(
    'SELECT id, area_id, location_id, voltage FROM pod WHERE identifier = $1',
    [identifier],
  );
  if (!pod) throw new Error(`no demo pod ${identifier}`);
  const input = { id: pod.id, areaId: pod.area_id, locationId: pod.location_id, factor: pod.voltage / 1000 };
  const range = {
    sensorType: 'ELECTRICITY',
    first: day(now.getTime() - 366 * DAY_MS),
    last: day(now.getTime() - DAY_MS),
    timeZone: 'UTC',
  };
  return (await readDayRecords(db, [input], range)).get(pod.id) ?? [];
}

const baseline = { first: dates.baselineFrom, last: dates.baselineTo };

/** The closed months from the measure to the seed's month, as [first day, last day]. */
function reportingMonths(): [string, string][] {
  const months: [string, string][] = [];
  for (let m = Date.parse(dates.measureFrom); m < Date.UTC(2025, 10, 1); ) {
    const d = new Date(m);
    const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    months.push([day(m), day(next - DAY_MS)]);
    m = next;
  }
  return months;
}

/** Each reporting month's saving: expected from the baseline model, actual, the share saved, FSU, claimed. */
function monthlySavings(days: DayRecord[]) {
  const model = fitBaseline(days, baseline);
  return {
    model,
    months: reportingMonths().map(([first, last]) => {
      const inMonth = days.filter((d) => d.date >= first && d.date <= last);
      const expected = predictPeriod(model, inMonth).expected ?? Number.NaN;
      const actual = inMonth.reduce((n, d) => n + (d.use ?? 0), 0);
      const u = savingsUncertainty({
        cvRmse: model.cvRmse ?? 1,
        baselineDays: model.daysUsed,
        autocorrelation: model.autocorrelation ?? 0,
        parameters: 1 + model.drivers.length,
        reportingDays: inMonth.length,
        expected,
        avoided: expected - actual,
      });
      return {
        first,
        saved: (expected - actual) / expected,
        fsu: u.fractional,
        claimed: u.claimed,
        plusMinus: u.absolute,
      };
    }),
  };
}

describe('the demo year for savings', () => {
  it('dates the LED retrofit three months back and the baseline the eight months before it', () => {
    expect(dates).toEqual({ measureFrom: '2025-08-01', baselineFrom: '2024-12-01', baselineTo: '2025-07-31' });
  });

  it('gives each location an outdoor pod whose daily means follow its climate', async () => {
    const rows = await db.query<{ title: string; lo: number; hi: number; days: number }>(
      `SELECT p.title, min(d.sum / d.count) AS lo, max(d.sum / d.count) AS hi, count(*)::int AS days
       FROM pod p JOIN measurement_daily d ON d.pod_id = p.id AND d.sensor_type = 'TEMPERATURE'
       WHERE p.outdoor GROUP BY 1 ORDER BY 1`,
    );
    expect(rows.map((r) => r.title)).toEqual(['Outdoor — London', 'Outdoor — Porto']);
    const [london, porto] = rows;
    expect(london?.days).toBe(366);
    // London 3-20 °C, Porto 8-23 °C as daily means (docs: CLIMATES).
    expect(london?.lo).toBeGreaterThan(2);
    expect(london?.lo).toBeLessThan(6);
    expect(london?.hi).toBeGreaterThan(17);
    expect(london?.hi).toBeLessThan(21);
    expect(porto?.lo).toBeGreaterThan(7);
    expect(porto?.hi).toBeLessThan(24);
  });

  it('puts baseline periods on every room tariff but the tariff-only one, whose value is a fixed month', async () => {
    const rows = await db.query<{
      identifier: string;
      sensor_type: string;
      type: string;
      from: string | null;
      value: number;
    }>(
      `SELECT p.identifier, t.sensor_type, t.type, t.baseline_from::text AS from, t.value
       FROM tariff t JOIN pod p ON p.id = t.pod_id WHERE t.baseline_from IS NULL`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ identifier: 'acorns-opo-101', sensor_type: 'ELECTRICITY', type: 'MONTHLY' });
    // About a month of a nursery room: 30 x 1.05 x its mean day over the last 28 days, kWh.
    expect(rows[0]?.value).toBeGreaterThan(300);
    expect(rows[0]?.value).toBeLessThan(1800);
    const withBaseline = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tariff WHERE baseline_from = $1 AND baseline_to = $2`,
      [dates.baselineFrom, dates.baselineTo],
    );
    expect(withBaseline[0]?.n).toBe(4 * 2 - 1);
  });

  it('drops the LED hotel’s electricity by 12 % from the measure on, and the model claims it with its +/-', async () => {
    for (const identifier of ['aurora-lon-101', 'aurora-lon-102']) {
      const { model, months } = monthlySavings(await dayRecords(identifier));
      expect(model.status, model.reason ?? '').toBe('provisional');
      expect(model.cvRmse).toBeLessThanOrEqual(0.25);
      expect(model.drivers).toContain('hdd');
      expect(model.drivers).toContain('occupancy');
      expect(months).toHaveLength(3);
      for (const m of months) {
        expect(m.saved, `${identifier} ${m.first}`).toBeGreaterThan(0.09);
        expect(m.saved, `${identifier} ${m.first}`).toBeLessThan(0.15);
        expect(m.claimed, `${identifier} ${m.first} FSU ${m.fsu}`).toBe(true);
        expect(m.plusMinus).toBeGreaterThan(0);
      }
    }
  });

  it('finds no saving to claim in a room without a measure', async () => {
    const { model, months } = monthlySavings(await dayRecords('acorns-opo-101'));
    expect(model.status, model.reason ?? '').toBe('provisional');
    expect(model.cvRmse).toBeLessThanOrEqual(0.25);
    for (const m of months) {
      expect(Math.abs(m.saved)).toBeLessThan(0.05);
      expect(m.claimed).toBe(false);
    }
  });

  it('refuses the model of the room fitted 150 days ago: under 90 complete days in its baseline', async () => {
    const complete = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM measurement_daily d JOIN pod p ON p.id = d.pod_id
       WHERE p.identifier = 'acorns-opo-102' AND d.sensor_type = 'ELECTRICITY' AND d.count >= 144
         AND d.bucket >= $1::date AND d.bucket <= $2::date`,
      [dates.baselineFrom, dates.baselineTo],
    );
    expect(complete[0]?.n).toBeGreaterThan(0);
    expect(complete[0]?.n).toBeLessThan(90);
    const model = fitBaseline(await dayRecords('acorns-opo-102'), baseline);
    expect(model.status).toBe('insufficient-data');
    expect(model.reason).toMatch(/^Only \d+ complete days with an outdoor temperature in the baseline period/);
    expect(await podId('acorns-opo-102')).toBeGreaterThan(0);
  });

  it('gives the savings pass claimed savings at the LED hotel, a tariff-only saving and a refused model', async () => {
    await runSavingsPass(db, { timeZone: 'UTC', now });
    const rows = await db.query<{
      identifier: string;
      type: string;
      status: string;
      pct: number | null;
      pm: number | null;
    }>(
      `SELECT p.identifier, s.type, s.status, s.value_percentage AS pct, s.uncertainty AS pm
       FROM saving s JOIN pod p ON p.id = s.pod_id
       WHERE s.sensor_type = 'ELECTRICITY' AND s.period_start >= $1::date ORDER BY 1, s.period_start`,
      [dates.measureFrom],
    );
    const of = (identifier: string) => rows.filter((r) => r.identifier === identifier);
    for (const identifier of ['aurora-lon-101', 'aurora-lon-102']) {
      expect(of(identifier).map((r) => r.status)).toEqual(['claimed', 'claimed', 'claimed']);
      for (const r of of(identifier)) {
        expect(r.pct).toBeGreaterThan(9);
        expect(r.pct).toBeLessThan(15);
        expect(r.pm).toBeGreaterThan(0);
      }
    }
    expect(new Set(of('acorns-opo-101').map((r) => r.status))).toEqual(new Set(['tariff']));
    expect(new Set(of('acorns-opo-102').map((r) => r.status))).toEqual(new Set(['insufficient-data']));
  }, 300_000);
});
