import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminSession, createRecord, ingest, podEstate, signInAs, unique } from './admin-api';
import { seriousViolations } from './axe';
import { baseUrl, launchBrowser, newPage } from './browser';

/**
 * /locations and the admin Location list's Map View end to end: a client with two placed locations, a rule
 * exceeded at one through ingest; the viewer sees two markers named by their state on the offline basemap (every
 * other host blocked, as on a machine without internet), and a marker opens its location's dashboard. With
 * LOCATIONS_SCREENSHOTS set to a folder, it also takes both maps at 1280 and 390 px in the light and dark
 * schemes and checks each with axe.
 */
const shots = process.env.LOCATIONS_SCREENSHOTS;
let browser: Browser;
let admin: Page;
let session: AdminSession;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newPage(browser);
  session = await adminSession(admin.request);
});
afterAll(() => browser?.close());

const bearer = (s: AdminSession) => ({ Authorization: `Bearer ${s.token}` });

/** A context whose pages reach this app's server only; what they asked of any other host is recorded. */
async function offline(options: { width?: number; scheme?: 'light' | 'dark' } = {}) {
  const { width = 1280, scheme = 'light' } = options;
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width, height: width > 400 ? 900 : 844 },
    colorScheme: scheme,
  });
  const own = new URL(baseUrl()).host;
  const blocked: string[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.host === own || url.protocol === 'data:') return route.continue();
    blocked.push(url.host);
    return route.abort('internetdisconnected');
  });
  const page = await context.newPage();
  page.on('pageerror', (err) => {
    throw err;
  });
  return { context, page, blocked };
}

/** The client of the test: two placed locations, a pod with a temperature rule in each. */
async function estateWithTwoPlaces(name: string) {
  const first = await podEstate(admin.request, session, name, ['TEMPERATURE']);
  const porto = await createRecord(admin.request, session, 'location', {
    groupId: first.group,
    clientId: first.client,
    title: `Porto ${name}`,
    description: 'e2e',
    country: 'Portugal',
    city: 'Porto',
    address: '1 Rua Test',
    contactName: 'Tess',
    contactNumber: '0123',
    boxCount: 1,
    active: true,
  });
  const area = await createRecord(admin.request, session, 'area', {
    groupId: first.group,
    clientId: first.client,
    locationId: porto,
    title: `Cellar ${name}`,
    description: 'e2e',
    active: true,
  });
  const res = await admin.request.post('/api/pod', {
    headers: bearer(session),
    data: {
      groupId: first.group,
      clientId: first.client,
      locationId: porto,
      areaId: area,
      title: `Pod Porto ${name}`,
      description: 'e2e',
      identifier: `e2e-porto-${name}`,
      voltage: 230,
      active: true,
    },
  });
  expect(res.status()).toBe(201);
  const created = (await res.json()) as { data: { id: number }; ingestKey: string };
  const sensors = (await (
    await admin.request.get(`/api/sensor?dataTableParams=${encodeURIComponent(JSON.stringify({ paging: 50 }))}`, {
      headers: bearer(session),
    })
  ).json()) as { data: { id: number; type: string }[] };
  const temperature = sensors.data.find((s) => s.type === 'TEMPERATURE')?.id;
  await createRecord(admin.request, session, 'pod-sensor', { podId: created.data.id, sensorId: temperature });
  const portoPod = { id: created.data.id, identifier: `e2e-porto-${name}`, key: created.ingestKey };

  const place = async (id: number, latitude: number, longitude: number) => {
    const put = await admin.request.put(`/api/location/${id}`, {
      headers: bearer(session),
      data: { latitude, longitude },
    });
    expect(put.status()).toBe(200);
  };
  await place(first.location, 51.5122, -0.1);
  await place(porto, 41.1496, -8.611);
  for (const pod of [first.pod, portoPod])
    await createRecord(admin.request, session, 'rule', {
      groupId: first.group,
      clientId: first.client,
      podId: pod.id,
      sensorId: temperature,
      title: `Too warm ${name}`,
      description: 'e2e',
      condition: 'greater',
      thresholdValue: 30,
      severity: 'HIGH',
      action: 'Open the windows',
      active: true,
    });
  await ingest(admin.request, first.pod, [{ sensorType: 'TEMPERATURE', value: 35 }]);
  await ingest(admin.request, portoPod, [{ sensorType: 'TEMPERATURE', value: 20 }]);
  return { ...first, porto, londonTitle: `Live ${name}`, portoTitle: `Porto ${name}` };
}

/** A verified viewer whose role is bound to the whole client. */
async function clientViewer(place: { group: number; client: number }, name: string): Promise<AdminSession> {
  const role = await createRecord(admin.request, session, 'role', {
    title: `One client ${name}`,
    description: 'e2e',
    accessLevel: 10,
  });
  await createRecord(admin.request, session, 'role-client', {
    groupId: place.group,
    clientId: place.client,
    roleId: role,
  });
  const email = `client-viewer-${name}@e2e.test`;
  await createRecord(admin.request, session, 'user', {
    roleId: role,
    firstName: 'Cli',
    lastName: 'Ent',
    email,
    password: 'viewer-password-1',
    active: true,
    verified: true,
  });
  const login = await admin.request.post('/api/user/login', { data: { email, password: 'viewer-password-1' } });
  return (await login.json()) as AdminSession;
}

const markersOf = (p: Page) => p.getByRole('region', { name: 'Map of locations' }).locator('.leaflet-marker-pane a');

/** Map View of a page showing the test's places: the basemap drawn and the markers placed. */
async function mapShown(p: Page, count: number) {
  await p.getByRole('region', { name: 'Map of locations' }).waitFor();
  await p.locator('.gp-basemap-country').first().waitFor({ state: 'attached' });
  await expect.poll(() => markersOf(p).count()).toBe(count);
}

/** Screenshots and axe at 1280 and 390 px, light and dark: Map View with its markers, or Grid View's table. */
async function shoot(screen: string, url: string, who: AdminSession, markers: number | 'grid') {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      const { context, page } = await offline({ width, scheme });
      await signInAs(page, who);
      await page.evaluate((c) => localStorage.setItem('greenpod_colorScheme', c), scheme);
      await page.goto(url);
      if (markers === 'grid') await page.getByRole('table').getByRole('link').first().waitFor();
      else await mapShown(page, markers);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${screen} ${width} px ${scheme}`).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), `${screen} ${width} px ${scheme}`).toEqual([]);
      await page.screenshot({ path: join(shots, `${screen}-${width}-${scheme}.png`), fullPage: true });
      await context.close();
    }
  }
}

describe('locations on the map', () => {
  it(
    "shows a viewer's locations as markers named by their state, offline, and a marker opens its dashboard",
    async () => {
      const name = unique();
      const estate = await estateWithTwoPlaces(name);
      const viewer = await clientViewer(estate, name);
      const { context, page, blocked } = await offline();
      await signInAs(page, viewer);
      await page.goto('/locations');
      await page.getByRole('heading', { name: 'LOCATION', level: 1 }).waitFor();
      // Grid View first: a row each, the state in words.
      const londonRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: estate.londonTitle }) });
      await londonRow.getByText('Limit exceeded').waitFor();
      await londonRow.getByText('1 open alert').waitFor();
      await page
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: estate.portoTitle }) })
        .getByText('Within limits')
        .waitFor();

      await page.getByText('Map View', { exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('view') === 'map');
      await mapShown(page, 2);
      const exceeded = page.getByRole('link', {
        name: `${estate.londonTitle}, London, UK: Limit exceeded, 1 open alert`,
      });
      const ok = page.getByRole('link', { name: `${estate.portoTitle}, Porto, Portugal: Within limits` });
      expect(await exceeded.count()).toBe(1);
      expect(await ok.count()).toBe(1);
      // The tiles' host was asked and refused; the offline basemap is what shows.
      await expect.poll(() => blocked.length).toBeGreaterThan(0);
      expect(await page.locator('.gp-basemap-country').count()).toBeGreaterThan(100);
      const legend = page.getByRole('list', { name: 'Legend' });
      expect(await legend.getByRole('listitem').allTextContents()).toEqual([
        'Limit exceeded 1',
        'Close to a limit 0',
        'Within limits 1',
        'No data 0',
      ]);
      expect(await seriousViolations(page)).toEqual([]);

      // Back in Map View after a reload (the URL keeps it); the keyboard reaches a marker and Enter opens it.
      await page.reload();
      await mapShown(page, 2);
      await exceeded.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === `/location/${estate.location}`);
      await page.getByRole('heading', { name: estate.londonTitle }).first().waitFor();
      await page.goBack();
      await mapShown(page, 2);
      await ok.click();
      await page.waitForURL((url) => url.pathname === `/location/${estate.porto}`);
      await context.close();

      await shoot('locations-map', '/locations?view=map', viewer, 2);
      await shoot('locations-grid', '/locations', viewer, 'grid');
    },
    shots ? 400_000 : 120_000,
  );

  it(
    "offers Map View on the admin Location list: the page's locations as markers",
    async () => {
      const name = unique();
      const estate = await estateWithTwoPlaces(name);
      const { context, page } = await offline();
      await signInAs(page, session);
      await page.goto(`/admin/location?q=${name}`);
      await page.getByRole('link', { name: 'Create Location' }).waitFor();
      await page.getByRole('cell', { name: estate.portoTitle }).waitFor();
      await page.getByText('Map View', { exact: true }).click();
      await mapShown(page, 2);
      await page
        .getByRole('link', { name: `${estate.londonTitle}, London, UK: Limit exceeded, 1 open alert` })
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      // Grid View again: the table, with the search kept.
      await page.getByText('Grid View', { exact: true }).click();
      await page.getByRole('cell', { name: estate.londonTitle }).waitFor();
      expect(new URL(page.url()).searchParams.get('q')).toBe(name);
      await context.close();

      await shoot('admin-location', `/admin/location?q=${name}&view=map`, session, 2);
    },
    shots ? 400_000 : 120_000,
  );
});
