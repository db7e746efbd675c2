import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminSession, createRecord, podEstate, signInAs, unique } from './admin-api';
import { seriousViolations } from './axe';
import { baseUrl, launchBrowser, newPage } from './browser';
import { eachLook } from './looks';

/**
 * Reports end to end: a pod of its own with half a year of electricity readings, 15 % less from the first day of
 * last month, a monthly tariff whose baseline is the months before, and its savings computed. /reports opens on
 * last month for its location: the total the test works out from the readings it sent, both charts, the CSV and
 * the PDF the server makes, axe, and no sideways scroll at 390 px. With REPORTS_SCREENSHOTS set to a folder, it
 * also takes /reports at 1280 and 390 px in the light and dark schemes.
 */
const shots = process.env.REPORTS_SCREENSHOTS;
let browser: Browser;
let admin: Page;
let session: AdminSession;

const DAY_MS = 86_400_000;
const VOLTAGE = 230;
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** `yyyy-MM-dd HH:mm:ss` in UTC, the wire format. */
const wire = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** The viewer's zone is UTC, as the server's rollups here: last month is the same days on both sides. */
async function inUtc(p: Page) {
  await p.evaluate(() => localStorage.setItem('greenpod_timeZone', 'UTC'));
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newPage(browser);
  session = await adminSession(admin.request);
  await signInAs(admin, session);
  await inUtc(admin);
});
afterAll(() => browser?.close());

describe('reports in the browser', () => {
  it(
    'shows last month of a location with its total and charts, and downloads its CSV and PDF',
    async () => {
      const name = unique();
      const estate = await podEstate(admin.request, session, name, ['ELECTRICITY']);
      const headers = { Authorization: `Bearer ${session.token}` };

      // Six months of steady use (the server's AGGREGATE_TIMEZONE is UTC here), 15 % less from last month on.
      const now = new Date();
      const measure = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
      const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 7, 1);
      const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
      const readings: { sensorType: string; value: number; created: string }[] = [];
      // Last month's kWh as docs/domain.md#consumption adds it up: ampere-hours x volts / 1000.
      let lastMonthKwh = 0;
      for (let t = first, i = 0; t < end; t += 300_000, i++) {
        const use = 2 + 0.1 * Math.sin(i);
        const value = t < measure ? use : use * 0.85;
        if (t >= measure) lastMonthKwh += (value * VOLTAGE) / 1000;
        readings.push({ sensorType: 'ELECTRICITY', value, created: wire(t) });
      }
      for (let k = 0; k < readings.length; k += 5000) {
        const res = await admin.request.post('/api/ingest', {
          headers: { Authorization: `Pod ${estate.pod.identifier}:${estate.pod.key}` },
          data: { readings: readings.slice(k, k + 5000) },
        });
        const body = (await res.json()) as { data?: { rejected: unknown[] } };
        expect(res.status(), JSON.stringify(body)).toBe(202);
        expect(body.data?.rejected).toEqual([]);
      }
      await createRecord(admin.request, session, 'configuration', {
        groupId: estate.group,
        clientId: estate.client,
        ...Object.fromEntries(
          [
            'backgroundColor',
            'foregroundColor',
            'primaryActionColor',
            'secondaryActionColor',
            'successColor',
            'warningColor',
            'dropdownColor',
            'primaryTextColor',
            'secondaryTextColor',
          ].map((k) => [k, '#336699']),
        ),
        timeFrame: 30,
        alertLimit: 10,
        currency: 'EUR',
        electricityTariff: 0.25,
        waterTariff: 0.002,
        notificationMargin: 10,
        notificationCooldown: 60,
        active: true,
      });
      await createRecord(admin.request, session, 'tariff', {
        groupId: estate.group,
        clientId: estate.client,
        podId: estate.pod.id,
        sensorType: 'ELECTRICITY',
        type: 'MONTHLY',
        timeRange: 'Monthly',
        savingFlat: 100,
        value: 4000,
        currency: 'EUR',
        multiplier: 1,
        voltage: VOLTAGE,
        baselineFrom: ymd(first),
        baselineTo: ymd(measure - DAY_MS),
      });
      // Create Savings' call: last month's saving against the measured baseline (the scheduler may be first).
      const sensors = (await (
        await admin.request.get(`/api/sensor?dataTableParams=${encodeURIComponent(JSON.stringify({ paging: 50 }))}`, {
          headers,
        })
      ).json()) as { data: { id: number; type: string }[] };
      const sensorId = sensors.data.find((s) => s.type === 'ELECTRICITY')?.id;
      const computed = await admin.request.post('/api/savings', {
        headers,
        data: {
          groupId: estate.group,
          clientId: estate.client,
          podId: estate.pod.id,
          sensorId,
          type: 'MONTHLY',
        },
      });
      expect(computed.status(), await computed.text()).toBe(201);

      const reportUrl = `/reports?client=${estate.client}&location=${estate.location}`;
      await admin.goto(reportUrl);
      const electricity = admin.getByRole('article', { name: 'Electricity' });
      await electricity.getByTestId('figure-value').waitFor();
      const kwhText = `${Math.round(lastMonthKwh).toLocaleString('en')} kWh`;
      expect(await electricity.getByTestId('figure-value').textContent()).toBe(kwhText);
      const monthName = new Date(measure).toLocaleString('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });
      expect(await admin.getByTestId('period-label').textContent()).toBe(monthName);
      // Both charts, drawn (uPlot's canvas) beside their accessible names.
      for (const label of ['Electricity: expected against actual per day', 'Electricity: running sum of savings']) {
        const chart = admin.getByRole('img', { name: label });
        await chart.waitFor();
        expect(await chart.locator('canvas').count(), label).toBeGreaterThan(0);
      }
      expect(await seriousViolations(admin)).toEqual([]);

      // The server's CSV: its sections' header rows, and the same total the screen shows.
      const [csvFile] = await Promise.all([
        admin.waitForEvent('download'),
        admin.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      expect(csvFile.suggestedFilename()).toMatch(/\.csv$/);
      const csv = readFileSync((await csvFile.path()) as string, 'utf8');
      expect(csv).toContain('Figure,Unit,This period,Expected,Last year');
      expect(csv).toContain('Date,Expected,Expected low (90 %),Expected high (90 %),Actual,Cumulative saving');
      const electricityRow = csv.split(/\r?\n/).find((line) => line.startsWith('Electricity,kWh,'));
      expect(Number(electricityRow?.split(',')[2])).toBeCloseTo(lastMonthKwh, 1);

      const [pdfFile] = await Promise.all([
        admin.waitForEvent('download'),
        admin.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      expect(pdfFile.suggestedFilename()).toMatch(/\.pdf$/);
      expect(
        readFileSync((await pdfFile.path()) as string)
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');

      // A phone: nothing scrolls sideways (the wide tables scroll inside their own boxes).
      const phone = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 } });
      const p = await phone.newPage();
      await signInAs(p, session);
      await inUtc(p);
      await p.goto(reportUrl);
      await p.getByRole('img', { name: 'Electricity: running sum of savings' }).waitFor();
      expect(await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await phone.close();

      if (shots) {
        mkdirSync(shots, { recursive: true });
        await eachLook(browser, session, async (s, { scheme, width }) => {
          await inUtc(s);
          await s.goto(reportUrl);
          await s.getByRole('img', { name: 'Electricity: running sum of savings' }).waitFor();
          await s.waitForTimeout(500);
          const overflow = await s.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${width} px ${scheme}`).toBeLessThanOrEqual(0);
          expect(await seriousViolations(s), `${width} px ${scheme}`).toEqual([]);
          await s.screenshot({ path: join(shots, `reports-${width}-${scheme}.png`), fullPage: true });
        });
      }
    },
    shots ? 400_000 : 180_000,
  );
});
