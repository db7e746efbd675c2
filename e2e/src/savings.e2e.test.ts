import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminSession, createRecord, podEstate, signInAs, unique } from './admin-api';
import { seriousViolations } from './axe';
import { launchBrowser, newPage } from './browser';
import { eachLook } from './looks';

/**
 * Savings end to end: a pod of its own with half a year of electricity readings, 15 % less from the first day of
 * last month (the measure); a monthly tariff whose baseline period is the months before. The administrator
 * computes its savings in Create Savings, and the Savings page shows last month's claimed saving with its +/-
 * against the measured baseline. With SAVINGS_SCREENSHOTS set to a folder, it also takes /savings and Create
 * Savings at 1280 and 390 px in the light and dark schemes and checks each with axe (kept out of CI's time).
 */
const shots = process.env.SAVINGS_SCREENSHOTS;
let browser: Browser;
let admin: Page;
let session: AdminSession;

const DAY_MS = 86_400_000;
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** `yyyy-MM-dd HH:mm:ss` in UTC, the wire format. */
const wire = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

async function pick(p: Page, label: string, option: string) {
  await p.getByRole('button', { name: new RegExp(`^${label}`) }).click();
  await p.getByRole('option', { name: option, exact: true }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newPage(browser);
  session = await adminSession(admin.request);
  await signInAs(admin, session);
});
afterAll(() => browser?.close());

describe('savings in the browser', () => {
  it(
    'computes a measured saving in Create Savings and shows it with its +/- on the Savings page',
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
      for (let t = first, i = 0; t < end; t += 300_000, i++) {
        const use = 2 + 0.1 * Math.sin(i);
        readings.push({ sensorType: 'ELECTRICITY', value: t < measure ? use : use * 0.85, created: wire(t) });
      }
      // All readings before the tariff: the scheduler computes a period once, and must not see part of it.
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
        voltage: 230,
        baselineFrom: ymd(first),
        baselineTo: ymd(measure - DAY_MS),
      });

      const sensors = (await (
        await admin.request.get(`/api/sensor?dataTableParams=${encodeURIComponent(JSON.stringify({ paging: 50 }))}`, {
          headers,
        })
      ).json()) as { data: { type: string; title: string }[] };
      const sensor = sensors.data.find((s) => s.type === 'ELECTRICITY')?.title;

      // Create Savings: each select waits for the one it depends on.
      await admin.goto('/admin/savings/create');
      await admin.getByRole('heading', { name: 'Create Savings' }).waitFor();
      const select = (label: string) => admin.getByRole('button', { name: new RegExp(`^${label}`) });
      expect(await select('Client').isDisabled()).toBe(true);
      expect(await select('Pod').isDisabled()).toBe(true);
      expect(await select('Time Interval').isDisabled()).toBe(true);
      await pick(admin, 'Group', estate.groupTitle);
      expect(await select('Client').isDisabled()).toBe(false);
      expect(await select('Pod').isDisabled()).toBe(true);
      await pick(admin, 'Client', estate.clientTitle);
      expect(await select('Pod').isDisabled()).toBe(false);
      expect(await select('Time Interval').isDisabled()).toBe(true);
      await pick(admin, 'Sensor', `${sensor} · Electricity`);
      await pick(admin, 'Pod', estate.pod.title);
      expect(await select('Time Interval').isDisabled()).toBe(false);
      await pick(admin, 'Time Interval', 'Monthly');
      await admin.getByRole('button', { name: 'Submit' }).click();
      await admin.waitForURL((url) => url.pathname === '/admin/savings');
      // The scheduler may have been first: then nothing is left to compute.
      const computed = admin.getByText(/^(\d+ savings? computed|No new savings: .*)$/);
      await computed.waitFor();
      const toast = await computed.textContent();
      // Among the demo's hundreds of rows: filtered by the pod.
      await admin.getByLabel('Filter by').selectOption({ label: 'Pod' });
      await admin.getByRole('textbox', { name: 'Search' }).fill(estate.pod.title);
      await admin.getByRole('button', { name: 'Search', exact: true }).click();
      await admin
        .getByRole('row', { name: new RegExp(`${estate.pod.title}.*Monthly`) })
        .first()
        .waitFor()
        .catch(async (err: Error) => {
          // What the page showed instead, so a failure in CI says more than "timeout".
          const rows = await admin.getByRole('row').allTextContents();
          throw new Error(`${err.message}\nafter "${toast}" at ${admin.url()}\nrows: ${rows.slice(0, 6).join(' | ')}`);
        });

      const savingsUrl = `/savings?window=month&location=${estate.location}`;
      await admin.goto(savingsUrl);
      const card = admin.getByRole('article', { name: `${estate.pod.title}, Electricity` });
      const saved = (await card.getByTestId('saved').textContent()) ?? '';
      const figures = /^Saved ([\d,.]+) kWh \+\/- ([\d,.]+) kWh, ([\d.]+) %$/.exec(saved);
      expect(figures, saved).not.toBeNull();
      expect(Number(figures?.[3])).toBeGreaterThan(14);
      expect(Number(figures?.[3])).toBeLessThan(16);
      expect(await card.getByTestId('money').textContent()).toMatch(/^€[\d,]+\.\d{2} \+\/- €[\d,]+\.\d{2}$/);
      await card.getByText(/against the measured baseline/).waitFor();
      expect(await seriousViolations(admin)).toEqual([]);

      if (shots) {
        mkdirSync(shots, { recursive: true });
        await eachLook(browser, session, async (p, { scheme, width }) => {
          for (const [label, url, ready] of [
            [
              'savings',
              `${savingsUrl}&area=${estate.area}&pod=${estate.pod.id}`,
              () => p.getByRole('img', { name: 'Electricity: running sum of savings' }).waitFor(),
            ],
            ['savings-all', '/savings', () => p.getByRole('region', { name: 'Top savings' }).waitFor()],
            ['create', '/admin/savings/create', () => p.getByRole('button', { name: /^Group/ }).waitFor()],
          ] as const) {
            await p.goto(url);
            await ready();
            await p.waitForTimeout(500);
            const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            expect(overflow, `${label} ${width} px ${scheme}`).toBeLessThanOrEqual(0);
            expect(await seriousViolations(p), `${label} ${width} px ${scheme}`).toEqual([]);
            await p.screenshot({ path: join(shots, `${label}-${width}-${scheme}.png`), fullPage: true });
          }
        });
      }
    },
    shots ? 400_000 : 180_000,
  );
});
