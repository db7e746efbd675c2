import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminSession, createRecord, podEstate, signInAs, unique } from './admin-api';
import { seriousViolations } from './axe';
import { launchBrowser, newPage } from './browser';
import { itLooks } from './looks';

/**
 * Every admin list at 1280 px: the page does not scroll sideways, the table fits its place, and each row's
 * actions are on screen (docs/screens.md#admin-lists). The rows are this test's own, with long names.
 */
let browser: Browser;
let page: Page;
let session: AdminSession;
beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  session = await adminSession(page.request);
  await signInAs(page, session);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await page.screenshot({ path: `artifacts/${ctx.task.name.replace(/\W+/g, '-')}.png`, fullPage: true });
});
afterAll(() => browser?.close());

async function sensorId(request: APIRequestContext, type: string) {
  const params = encodeURIComponent(JSON.stringify({ fetchParams: { type }, paging: 5 }));
  const res = await request.get(`/api/sensor?dataTableParams=${params}`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  const id = ((await res.json()) as { data: { id: number }[] }).data[0]?.id;
  if (!id) throw new Error(`no ${type} sensor`);
  return id;
}

/** One row, at least, in every list, each with the longest names an administrator is likely to type. */
async function longRows(request: APIRequestContext) {
  // The estate's names make the pod's identifier, which keeps to topic-safe characters: long titles after.
  const short = unique();
  const estate = await podEstate(request, session, short, ['TEMPERATURE', 'ELECTRICITY']);
  const name = `Conservatory and winter garden north wing ${short}`;
  const place = { groupId: estate.group, clientId: estate.client };
  const podId = estate.pod.id;
  const renamed = await request.put(`/api/pod/${podId}`, {
    data: { title: `${name} pod` },
    headers: { Authorization: `Bearer ${session.token}` },
  });
  if (renamed.status() !== 200) throw new Error(`PUT /api/pod ${renamed.status()} ${await renamed.text()}`);
  const temperature = await sensorId(request, 'TEMPERATURE');
  const create = (resource: string, data: Record<string, unknown>) => createRecord(request, session, resource, data);
  await create('tariff', {
    ...place,
    podId,
    sensorType: 'ELECTRICITY',
    type: 'MONTHLY',
    timeRange: 'Weekdays 08:00 to 18:00, weekends all day',
    savingFlat: 12345.67,
    value: 98765.43,
    currency: 'GBP',
    multiplier: 1.5,
    voltage: 230,
  });
  const rule = await create('rule', {
    ...place,
    podId,
    sensorId: temperature,
    title: `Winter garden too warm for the orchids ${name}`,
    description: 'The orchids wilt above 26 degrees, and the glass roof heats the room quickly on sunny days',
    condition: 'greater',
    thresholdValue: 26,
    severity: 'HIGH',
    action: 'Open the roof vents and draw the shade cloth, then call the facilities desk',
  });
  await create('alert', { ...place, podId, ruleId: rule });
  await create('tip', {
    ...place,
    locationId: estate.location,
    title: `Close the shade cloth at noon in the ${name}`,
    description: 'Drawing the shade cloth at noon keeps the room cool without the air conditioning',
    tags: ['TEMPERATURE', 'ELECTRICITY'],
  });
  const notification = await create('notification', {
    ...place,
    podId,
    sensorId: temperature,
    value: 27.5,
    type: 'ALERT',
    severity: 'HIGH',
  });
  await create('user-notification', { notificationId: notification, read: false });
  await create('measurement', { ...place, podId, sensorId: temperature, value: 21.5 });
  const role = await create('role', {
    title: `Facilities team of the ${name}`,
    description: 'Sees the winter garden only',
    accessLevel: 10,
  });
  const roleScope = { roleId: role, ...place };
  await create('role-group', { roleId: role, groupId: estate.group });
  await create('role-client', roleScope);
  await create('role-location', { ...roleScope, locationId: estate.location });
  await create('role-area', { ...roleScope, locationId: estate.location, areaId: estate.area });
  await create('role-pod', { ...roleScope, locationId: estate.location, areaId: estate.area, podId });
}

/** The admin sidebar's entries that open a list (a table), found by walking them. */
async function adminLinks() {
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Tariff' }).waitFor();
  return page.$$eval('nav a[href^="/admin/"]', (links) => links.map((a) => a.getAttribute('href') ?? ''));
}

describe('the admin lists at 1280 px', () => {
  itLooks(
    'fit the screen with every row’s actions in view, and pass axe',
    async () => {
      await longRows(page.request);
      const links = await adminLinks();
      expect(links).toContain('/admin/tariff');
      let lists = 0;
      for (const href of links) {
        // Newest first, so this test's rows are on the first page.
        await page.goto(`${href}?sort=created&dir=DESC`);
        await page.getByRole('heading', { level: 2 }).first().waitFor();
        const table = page.locator('table').first();
        if (!(await table.isVisible().catch(() => false))) continue;
        await page.waitForFunction(() => !document.querySelector('table[aria-busy]'));
        lists++;
        const layout = await page.evaluate(() => {
          const doc = document.documentElement;
          const grid = document.querySelector('table') as HTMLTableElement;
          const box = grid.parentElement as HTMLElement;
          const actions = [...document.querySelectorAll('tbody td:last-child button')].map((b) => {
            const r = b.getBoundingClientRect();
            return { left: r.left, right: r.right, top: r.top };
          });
          return {
            pageOverflow: doc.scrollWidth - doc.clientWidth,
            tableOverflow: box.scrollWidth - box.clientWidth,
            actions,
            width: window.innerWidth,
            rows: document.querySelectorAll('tbody tr').length,
          };
        });
        expect(layout.pageOverflow, href).toBeLessThanOrEqual(0);
        expect(layout.tableOverflow, href).toBeLessThanOrEqual(0);
        for (const button of layout.actions) {
          expect(button.left, href).toBeGreaterThanOrEqual(0);
          expect(button.right, href).toBeLessThanOrEqual(layout.width);
        }
        expect(await seriousViolations(page), href).toEqual([]);
      }
      // Every registry list and the three aggregated-data lists.
      expect(lists).toBeGreaterThanOrEqual(20);
      // Some twenty-five pages, each with axe: more than one test's usual minute.
    },
    300_000,
  );

  it('keeps the Tariff list’s chosen columns on the next visit', async () => {
    await page.goto('/admin/tariff');
    await page.getByRole('button', { name: 'Sort by Pod' }).waitFor();
    const multiplier = page.getByRole('columnheader', { name: 'Multiplier', exact: true });
    expect(await multiplier.count()).toBe(0);
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Multiplier' }).check();
    await multiplier.waitFor();
    await page.reload();
    await multiplier.waitFor();
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('button', { name: 'Default columns' }).click();
    await multiplier.waitFor({ state: 'detached' });
  });
});
