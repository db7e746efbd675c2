import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import mqtt from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AdminSession, adminSession, locationViewer, podEstate, signInAs, unique } from './admin-api';
import { baseUrl, launchBrowser, newPage } from './browser';
import { eachLook, itLooks } from './looks';

/** The viewer's dashboard against the demo estate (seeded at start) and the real broker, as a newcomer sees it. */
let browser: Browser;
let page: Page;
let admin: AdminSession;
const ARTIFACTS = resolve(import.meta.dirname, '../artifacts');

const cards = (p: Page) => p.locator('article');
const tab = (p: Page, label: string) =>
  p.getByRole('radiogroup', { name: 'Time window' }).getByText(label, { exact: true });

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  admin = await adminSession(page.request);
  await signInAs(page, admin);
});
afterAll(() => browser?.close());

describe('the dashboard', () => {
  it('signs in through the form and drills from the estate to a location, then an area', async () => {
    const fresh = await newPage(browser);
    await fresh.goto('/user/login');
    await fresh.getByLabel('Username').fill('admin@e2e.test');
    await fresh.getByLabel('Password', { exact: true }).fill('e2e-admin-password');
    await fresh.getByRole('button', { name: 'Sign in' }).click();
    await fresh.getByRole('heading', { name: 'All locations' }).waitFor();
    await cards(fresh).first().waitFor();

    const first = cards(fresh).first();
    const location = (await first.getAttribute('aria-label')) ?? '';
    await first.getByRole('link', { name: 'See Areas' }).click();
    await fresh.waitForURL(/\/location\/\d+/);
    // The page's heading is level 2; each card's title is a level-3 heading, so the location's own card on the
    // page just left would match a heading wait without a level (and the first card read would be that card).
    await fresh.getByRole('heading', { name: location, level: 2 }).waitFor();

    const area = cards(fresh)
      .filter({ has: fresh.getByRole('link', { name: 'See Pods' }) })
      .first();
    await area.waitFor();
    const areaTitle = (await area.getAttribute('aria-label')) ?? '';
    await area.getByRole('link', { name: 'See Pods' }).click();
    await fresh.waitForURL(/\/location\/\d+\/area\/\d+/);
    await fresh.getByRole('heading', { name: areaTitle, level: 2 }).waitFor();
    // Pods are the last level: their cards have no button (the area cards stay on screen until the pods arrive).
    await expect
      .poll(() => fresh.getByRole('link', { name: /^See (Areas|Pods)$/ }).count(), { timeout: 15_000 })
      .toBe(0);
    await cards(fresh).first().waitFor();
    await fresh.context().close();
  });

  it('shows every time tab and a date range, switches bar and area and the page size, and a reload keeps the view', async () => {
    await page.goto('/');
    await cards(page).first().waitFor();
    // A tab's chart may come from the cache (the other tabs are prefetched), so the wait is on the chart
    // drawn for that tab, not on a request.
    const chart = page.getByRole('region', { name: 'Chart' });
    for (const [label, mode, name] of [
      ['Day', 'day', 'Electricity · Today'],
      ['Week', 'week', 'Electricity · This week'],
      // The Month tab runs from the same time a month back: "Since 25 Oct 2026".
      ['Month', 'month', /^Electricity · Since \d{1,2} [A-Z][a-z]{2} \d{4}$/],
      ['Year', 'year', 'Electricity · This year'],
      ['Live', 'live', 'Electricity · Last 30 minutes'],
    ] as const) {
      await tab(page, label).click();
      await chart.getByRole('img', { name }).waitFor();
      await expect.poll(() => chart.getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
      if (mode !== 'live') expect(page.url()).toContain(`tab=${mode}`);
    }
    await page.getByRole('combobox', { name: 'Timeframe' }).waitFor();

    await tab(page, 'Date Range').click();
    await page.waitForURL(/tab=range/);
    const from = page.getByLabel('From', { exact: true });
    const to = page.getByLabel('To', { exact: true });
    // No day after today is offered, and the end cannot come before the start.
    const today = await to.getAttribute('max');
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await from.getAttribute('max')).not.toBeNull();
    // A chosen range is part of the view's address: open one and the pickers hold it.
    await page.goto('/?tab=range&from=2026-01-05&to=2026-01-20');
    await cards(page).first().waitFor();
    expect(await from.inputValue()).toBe('2026-01-05');
    expect(await to.inputValue()).toBe('2026-01-20');
    expect(await to.getAttribute('min')).toBe('2026-01-05');
    expect(await from.getAttribute('max')).toBe('2026-01-20');

    await page.getByRole('radiogroup', { name: 'Chart type' }).getByText('Area', { exact: true }).click();
    await page.waitForURL(/chart=area/);
    await page.getByLabel('Rows per page').first().selectOption('10');
    await page.waitForURL(/size=10/);

    const before = page.url();
    await page.reload();
    await cards(page).first().waitFor();
    expect(page.url()).toBe(before);
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('2026-01-05');
    expect(await page.getByLabel('Rows per page').first().inputValue()).toBe('10');
  });

  it('shows a reading published over MQTT on the open dashboard without a reload', async () => {
    const name = unique();
    const { location, area, pod } = await podEstate(page.request, admin, name, ['TEMPERATURE']);
    const key = pod.key;

    await page.goto(`/location/${location}/area/${area}?sensor=TEMPERATURE`);
    const card = page.getByRole('article', { name: `Pod ${name}` });
    await card.getByText(/N\/A/).first().waitFor();

    const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${inject('mqttPort')}`, {
      username: `e2e-${name}`,
      password: key,
      reconnectPeriod: 0,
    });
    await device.publishAsync(
      `pods/e2e-${name}/readings`,
      JSON.stringify({ readings: [{ sensorType: 'TEMPERATURE', value: 23.4 }] }),
      { qos: 1 },
    );
    await device.endAsync();
    await card.getByLabel(/Temperature: 23 °C/).waitFor({ timeout: 15_000 });
  });

  it('shows a viewer bound to one location that location alone', async () => {
    const list = (await (
      await page.request.get(`/api/location?dataTableParams=${encodeURIComponent(JSON.stringify({ paging: 1 }))}`, {
        headers: { Authorization: `Bearer ${admin.token}` },
      })
    ).json()) as { data: { id: number; title: string; groupId: number; clientId: number }[] };
    const only = list.data[0];
    if (!only) throw new Error('the demo estate has no location');
    const name = unique();
    const viewer = await locationViewer(
      page.request,
      admin,
      { group: only.groupId, client: only.clientId, location: only.id },
      name,
    );
    const viewerPage = await newPage(browser);
    const login = viewer.session;
    await signInAs(viewerPage, login);
    await viewerPage.goto('/');
    await viewerPage.getByRole('article', { name: only.title }).waitFor();
    expect(await cards(viewerPage).count()).toBe(1);
    await viewerPage.context().close();
  });

  it("wears a client's colours through its shortcode link, even on sign-in", async () => {
    const anonymous = await browser.newContext({ baseURL: baseUrl() });
    const p = await anonymous.newPage();
    const buttonColour = async (path: string) => {
      await p.goto(path);
      const button = p.getByRole('button', { name: 'Sign in' });
      await button.waitFor();
      await p.waitForTimeout(300); // the theme arrives from the public endpoint after the first paint
      return button.evaluate((el) => getComputedStyle(el).backgroundColor);
    };
    const plain = await buttonColour('/user/login');
    const clients = (await (
      await page.request.get(`/api/client?dataTableParams=${encodeURIComponent(JSON.stringify({ paging: 50 }))}`, {
        headers: { Authorization: `Bearer ${admin.token}` },
      })
    ).json()) as { data: { shortcode: string; groupId: number }[] };
    const groups = (await (
      await page.request.get(`/api/group?dataTableParams=${encodeURIComponent(JSON.stringify({ paging: 50 }))}`, {
        headers: { Authorization: `Bearer ${admin.token}` },
      })
    ).json()) as { data: { id: number; shortcode: string }[] };
    const colours = new Set<string>();
    for (const c of clients.data) {
      const g = groups.data.find((x) => x.id === c.groupId);
      const theme = (await (await p.request.get(`/api/configuration/${g?.shortcode}/${c.shortcode}`)).json()) as {
        data: { primaryActionColor: string };
      };
      if (theme.data.primaryActionColor.toLowerCase() === '#2f9e44') continue; // a client on the default colours
      colours.add(await buttonColour(`/${g?.shortcode}/${c.shortcode}`));
      expect(p.url()).toContain('/user/login');
    }
    expect(colours.size).toBeGreaterThan(0);
    for (const colour of colours) expect(colour).not.toBe(plain);
    await anonymous.close();
  });

  it("shows on a client's link that client's places only, under its name", async () => {
    const get = async <T>(path: string) =>
      (await (await page.request.get(path, { headers: { Authorization: `Bearer ${admin.token}` } })).json()) as T;
    const list = (entity: string, fetchParams?: object) =>
      `/api/${entity}?dataTableParams=${encodeURIComponent(JSON.stringify({ paging: 100, fetchParams }))}`;
    const clients = await get<{ data: { id: number; title: string; shortcode: string; groupId: number }[] }>(
      list('client'),
    );
    const groups = await get<{ data: { id: number; shortcode: string }[] }>(list('group'));
    const allLocations = await get<{ data: { clientId: number }[] }>(list('location'));
    // A client with places, in an estate that has places of other clients too.
    const client = clients.data.find((c) => allLocations.data.some((l) => l.clientId === c.id));
    expect(client).toBeDefined();
    const own = await get<{ data: { title: string }[] }>(list('location', { clientId: client?.id }));
    expect(allLocations.data.length).toBeGreaterThan(own.data.length);
    const group = groups.data.find((g) => g.id === client?.groupId);
    await page.goto(`/${group?.shortcode}/${client?.shortcode}?size=20`);
    await page.getByRole('heading', { name: client?.title, level: 2 }).waitFor();
    await cards(page).first().waitFor();
    const shown = await cards(page).evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    expect(shown.sort()).toEqual(own.data.map((l) => l.title).sort());
  });

  itLooks(
    'on a phone (390 px) makes the bell a link and scrolls nothing sideways; screenshots for the record',
    async () => {
      mkdirSync(ARTIFACTS, { recursive: true });
      await eachLook(browser, admin, async (p, { scheme, width }) => {
        await p.goto('/?tab=day');
        await cards(p).first().waitFor();
        await p.locator('canvas').first().waitFor({ timeout: 20_000 });
        if (width === 390) {
          const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${width} px ${scheme}`).toBeLessThanOrEqual(0);
          const bell = p.getByRole('link', { name: /^Notifications/ });
          expect(await bell.getAttribute('href')).toBe('/notificationspage');
        } else {
          expect(await p.getByRole('button', { name: /^Notifications/ }).count()).toBe(1);
        }
        await p.screenshot({ path: join(ARTIFACTS, `dashboard-${width}-${scheme}.png`), fullPage: width === 390 });
      });
    },
  );
});
