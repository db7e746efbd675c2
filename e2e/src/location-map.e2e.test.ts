import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminSession, createRecord, signInAs, unique } from './admin-api';
import { seriousViolations } from './axe';
import { baseUrl, launchBrowser } from './browser';
import { itLooks } from './looks';

/**
 * The location form's map with no internet: every request to another host (the tile server) is refused,
 * so the offline basemap alone shows the world, and the gazetteer fills Country and City from a click.
 */
let browser: Browser;
let admin: AdminSession;
const ARTIFACTS = resolve(import.meta.dirname, '../artifacts');

// Where the picker opens a new location's map (location-place-picker.tsx) and the form's zoom (docs/domain.md#the-map).
const OPENING = { latitude: 38, longitude: 22 };
const FORM_ZOOM = 2;

beforeAll(async () => {
  browser = await launchBrowser();
  const first = await browser.newPage({ baseURL: baseUrl() });
  admin = await adminSession(first.request);
  await first.close();
});
afterAll(() => browser?.close());

interface Offline {
  context: BrowserContext;
  page: Page;
  /** The URLs refused because they were not the app's own. */
  refused: string[];
}

async function offlinePage(width = 1280, scheme: 'light' | 'dark' = 'light'): Promise<Offline> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width, height: width > 400 ? 900 : 844 },
    colorScheme: scheme,
  });
  const own = new URL(baseUrl()).origin;
  const refused: string[] = [];
  // A busy shared machine (the demo's simulator, other suites) can take far longer than the defaults.
  context.setDefaultTimeout(90_000);
  await context.route(
    (url) => url.origin !== own,
    (route) => {
      refused.push(route.request().url());
      return route.abort('internetdisconnected');
    },
  );
  const page = await context.newPage();
  page.on('pageerror', (err) => {
    throw err;
  });
  await signInAs(page, admin);
  await page.evaluate((s) => localStorage.setItem('greenpod_colorScheme', s), scheme);
  return { context, page, refused };
}

const map = (p: Page) => p.getByRole('region', { name: "Map: the location's point" });
const field = (p: Page, label: string) => p.getByRole('textbox', { name: new RegExp(`^${label}`) });

/** The map drawn: the offline basemap's countries are on it. */
async function mapShown(p: Page) {
  await map(p).waitFor();
  await p.waitForFunction(() => document.querySelectorAll('path.gp-basemap-country').length > 100);
}

// Web Mercator (Leaflet's EPSG:3857) in pixels at a zoom.
function project(point: { latitude: number; longitude: number }, zoom: number) {
  const size = 256 * 2 ** zoom;
  const lat = (point.latitude * Math.PI) / 180;
  return {
    x: ((point.longitude + 180) / 360) * size,
    y: ((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * size,
  };
}

/** Clicks the map where a point is, the map still showing its opening view. */
async function clickAt(p: Page, point: { latitude: number; longitude: number }) {
  const box = await map(p).boundingBox();
  if (!box) throw new Error('the map is not on the page');
  const there = project(point, FORM_ZOOM);
  const centre = project(OPENING, FORM_ZOOM);
  await p.mouse.click(box.x + box.width / 2 + there.x - centre.x, box.y + box.height / 2 + there.y - centre.y);
}

const NEAR_PORTO = { latitude: 41.2, longitude: -8.3 }; // 30 km inland of Porto: a pixel either way stays near it

async function pick(p: Page, label: string, option: string) {
  await p
    .getByLabel(new RegExp(`^${label}`))
    .first()
    .click();
  await p.getByRole('option', { name: option }).click();
}

describe('the location form map, offline', { timeout: 300_000 }, () => {
  it('fills Portugal / Porto from a click near Porto, and says why the sea or Spain have none', async () => {
    const { context, page, refused } = await offlinePage();
    await page.goto('/admin/location/create');
    await mapShown(page);

    await clickAt(page, NEAR_PORTO);
    await expect.poll(() => field(page, 'Country').inputValue()).toBe('Portugal');
    expect(await field(page, 'City').inputValue()).toBe('Porto');
    expect(Number(await field(page, 'Latitude').inputValue())).toBeCloseTo(NEAR_PORTO.latitude, 0);
    expect(Number(await field(page, 'Longitude').inputValue())).toBeCloseTo(NEAR_PORTO.longitude, 0);
    await page.getByRole('status').filter({ hasText: 'Porto, Portugal' }).waitFor();
    expect(await page.getByRole('button', { name: 'Chosen point' }).count()).toBe(1);

    await clickAt(page, { latitude: 36, longitude: -20 }); // the Atlantic, between Madeira and the Azores
    await page.getByText('There is no country at this point. Offered countries: UAE, UK, Greece').waitFor();
    expect(await field(page, 'Country').inputValue()).toBe('');
    expect(await field(page, 'City').inputValue()).toBe('');

    await clickAt(page, { latitude: 40.4, longitude: -3.7 }); // Madrid
    await page.getByText('This point is in Spain, which Greenpod does not offer.').waitFor();
    expect(await field(page, 'Country').inputValue()).toBe('');

    // The tiles were asked for and refused: the basemap alone drew the world.
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((url) => new URL(url).hostname === 'tile.openstreetmap.org')).toBe(true);
    // No address search without a geocoder.
    expect(await page.getByRole('textbox', { name: 'Search an address in the UK' }).count()).toBe(0);
    await context.close();
  });

  it('sets the point from the keyboard: Enter on the map at its centre, or typed coordinates', async () => {
    const { context, page } = await offlinePage();
    await page.goto('/admin/location/create');
    await mapShown(page);
    await map(page).focus();
    await page.keyboard.press('Enter');
    // The centre as Leaflet keeps it, to a whole pixel (a fraction of a degree at this zoom).
    await expect.poll(async () => Number(await field(page, 'Latitude').inputValue())).toBeCloseTo(OPENING.latitude, 0);
    expect(Number(await field(page, 'Longitude').inputValue())).toBeCloseTo(OPENING.longitude, 0);

    await field(page, 'Latitude').fill('25.1');
    await field(page, 'Longitude').fill('55.2');
    await expect.poll(() => field(page, 'City').inputValue()).toBe('Dubai');
    expect(await field(page, 'Country').inputValue()).toBe('UAE');
    await context.close();
  });

  it('saves a location with its point, and its update form opens on it', async () => {
    const name = unique();
    const { context, page } = await offlinePage();
    const groupId = await createRecord(page.request, admin, 'group', {
      title: `Map Group ${name}`,
      description: 'e2e',
      active: true,
    });
    await createRecord(page.request, admin, 'client', {
      groupId,
      title: `Map Client ${name}`,
      description: 'e2e',
      active: true,
    });
    await page.goto('/admin/location/create');
    await mapShown(page);
    await pick(page, 'Group', `Map Group ${name}`);
    await pick(page, 'Client', `Map Client ${name}`);
    await field(page, 'Title').fill(`Ribeira ${name}`);
    await field(page, 'Description').fill('A hotel on the Douro');
    await field(page, 'Address').fill('Cais da Ribeira 1');
    await field(page, 'Contact Name').fill('Ana');
    await field(page, 'Contact Number').fill('+351 22 000 0000');
    await page.getByRole('spinbutton', { name: /^Box Count/ }).fill('3');
    await clickAt(page, NEAR_PORTO);
    await expect.poll(() => field(page, 'City').inputValue()).toBe('Porto');
    const latitude = Number(await field(page, 'Latitude').inputValue());
    const longitude = Number(await field(page, 'Longitude').inputValue());
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/location');

    const params = encodeURIComponent(JSON.stringify({ fetchParams: { title: `Ribeira ${name}` }, paging: 5 }));
    const res = await page.request.get(`/api/location?dataTableParams=${params}`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    const [row] = ((await res.json()) as { data: Record<string, unknown>[] }).data;
    expect(row).toMatchObject({ country: 'Portugal', city: 'Porto', latitude, longitude });

    await page.goto(`/admin/location/update/${row?.id}`);
    await mapShown(page);
    expect(await field(page, 'Latitude').inputValue()).toBe(String(latitude));
    expect(await field(page, 'Country').inputValue()).toBe('Portugal');
    await page.getByRole('button', { name: 'Chosen point' }).waitFor();
    await context.close();
  });

  itLooks('is axe clean and looks finished at 1280 and 390 px, light and dark (screenshots)', async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    for (const scheme of ['light', 'dark'] as const) {
      for (const width of [1280, 390]) {
        const { context, page } = await offlinePage(width, scheme);
        await page.goto('/admin/location/create');
        await mapShown(page);
        await clickAt(page, NEAR_PORTO);
        await expect.poll(() => field(page, 'City').inputValue()).toBe('Porto');
        if (width === 390) {
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${width} px ${scheme}`).toBeLessThanOrEqual(0);
        }
        expect(await seriousViolations(page), `${width} px ${scheme}`).toEqual([]);
        await map(page).scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(ARTIFACTS, `location-map-${width}-${scheme}.png`), fullPage: true });
        await context.close();
      }
    }
  });
});
