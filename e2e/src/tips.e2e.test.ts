import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminSession,
  adminSession,
  createRecord,
  ingest,
  locationViewer,
  podEstate,
  signInAs,
  unique,
} from './admin-api';
import { seriousViolations } from './axe';
import { launchBrowser, newPage } from './browser';
import { eachLook } from './looks';

/**
 * Tips end to end: an administrator writes a tip in the admin form for a location where a rule is exceeded;
 * its viewer sees it first on /tips with the reason, opens its article and comes back. With TIPS_SCREENSHOTS
 * set to a folder, it also takes both pages at 1280 and 390 px in the light and dark schemes and checks each
 * with axe (kept out of CI's time).
 */
const shots = process.env.TIPS_SCREENSHOTS;
let browser: Browser;
let admin: Page;
let session: AdminSession;

async function pick(p: Page, label: string, option: string) {
  await p
    .getByLabel(new RegExp(`^${label}`))
    .first()
    .click();
  await p.getByRole('option', { name: option, exact: true }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newPage(browser);
  session = await adminSession(admin.request);
  await signInAs(admin, session);
});
afterAll(() => browser?.close());

describe('tips in the browser', () => {
  it(
    'puts the tip of an exceeded sensor first with its reason, opens it and goes back',
    async () => {
      const name = unique();
      const estate = await podEstate(admin.request, session, name, ['TEMPERATURE']);
      const headers = { Authorization: `Bearer ${session.token}` };
      const sensors = (await (
        await admin.request.get(`/api/sensor?dataTableParams=${encodeURIComponent(JSON.stringify({ paging: 50 }))}`, {
          headers,
        })
      ).json()) as { data: { id: number; type: string }[] };
      await createRecord(admin.request, session, 'rule', {
        groupId: estate.group,
        clientId: estate.client,
        podId: estate.pod.id,
        sensorId: sensors.data.find((s) => s.type === 'TEMPERATURE')?.id,
        title: `Too warm ${name}`,
        description: 'e2e',
        condition: 'greater',
        thresholdValue: 30,
        severity: 'HIGH',
        action: 'Cool the room',
      });
      await ingest(admin.request, estate.pod, [{ sensorType: 'TEMPERATURE', value: 35 }]);
      // Sorted by title alone this one would come first: the urgent tip must still lead.
      await createRecord(admin.request, session, 'tip', {
        groupId: estate.group,
        clientId: estate.client,
        locationId: estate.location,
        title: `Aa fix dripping taps ${name}`,
        description: 'A dripping tap wastes litres a day.',
        tags: ['WATER_FLOW'],
        active: true,
      });

      // The administrator writes the urgent tip in the admin form: a checkbox per sensor type.
      const tipTitle = `Draw the blinds ${name}`;
      await admin.goto('/admin/tip/create');
      await pick(admin, 'Group', estate.groupTitle);
      await pick(admin, 'Client', estate.clientTitle);
      await pick(admin, 'Location', `Live ${name}`);
      await admin.getByRole('textbox', { name: /^Tip Title/ }).fill(tipTitle);
      await admin
        .getByRole('textbox', { name: /^Description/ })
        .fill('Sun on the glass heats the rooms. Draw the blinds from 11:00 to 16:00.');
      await admin.getByRole('checkbox', { name: 'Temperature' }).check();
      await admin.getByRole('checkbox', { name: 'Water Usage' }).check();
      await admin.getByRole('button', { name: 'Submit' }).click();
      await admin.waitForURL((url) => url.pathname === '/admin/tip');

      const viewer = await locationViewer(admin.request, session, estate, name);
      const page = await newPage(browser);
      await signInAs(page, viewer.session);
      await page.goto('/tips');
      const tips = page.getByRole('article');
      await tips.first().waitFor();
      expect(await tips.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))).toEqual([
        tipTitle,
        `Aa fix dripping taps ${name}`,
      ]);
      const first = tips.first();
      expect(await first.getAttribute('data-urgency')).toBe('exceeded');
      await first.getByText(`Temperature above its limit in Room ${name}, Pod ${name}`).waitFor();
      expect(await first.getByText('Limit exceeded').count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);

      await first.getByRole('link', { name: tipTitle }).click();
      await page.waitForURL((url) => url.pathname === '/articletip' && url.searchParams.has('id'));
      await page.getByRole('heading', { name: tipTitle, level: 1 }).waitFor();
      await page.getByText(`Temperature above its limit in Room ${name}, Pod ${name}`).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      const article = page.url();
      await page.getByRole('link', { name: 'Back to tips' }).click();
      await page.waitForURL((url) => url.pathname === '/tips');
      await page.getByRole('article', { name: tipTitle }).waitFor();

      if (shots) {
        mkdirSync(shots, { recursive: true });
        await eachLook(browser, viewer.session, async (p, { scheme, width }) => {
          for (const [label, url, ready] of [
            ['tips', '/tips', () => p.getByRole('article').first().waitFor()],
            ['articletip', article, () => p.getByRole('heading', { name: tipTitle, level: 1 }).waitFor()],
          ] as const) {
            await p.goto(url);
            await ready();
            const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            expect(overflow, `${label} ${width} px ${scheme}`).toBeLessThanOrEqual(0);
            expect(await seriousViolations(p), `${label} ${width} px ${scheme}`).toEqual([]);
            await p.screenshot({ path: join(shots, `${label}-${width}-${scheme}.png`), fullPage: true });
          }
        });
      }
    },
    shots ? 300_000 : undefined,
  );
});
