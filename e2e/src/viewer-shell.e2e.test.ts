import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminSession, clientLink, createRecord, ingest, podEstate, unique } from './admin-api';
import { seriousViolations } from './axe';
import { baseUrl, launchBrowser, newPage } from './browser';
import { describeLooks } from './looks';

let browser: Browser;
let page: Page;
let session: AdminSession;

// A dark theme as a hotel chain might choose it (navy surfaces, cream text, gold actions): in the light
// scheme it once put cream text on white cards.
const NAVY = {
  backgroundColor: '#0f1b2d',
  foregroundColor: '#18293f',
  primaryActionColor: '#d4a24c',
  secondaryActionColor: '#3c6e9f',
  successColor: '#3fb27f',
  warningColor: '#e8a33d',
  dropdownColor: '#22364f',
  primaryTextColor: '#f4efe6',
  secondaryTextColor: '#a9b6c8',
};
/** This file's own client: its link, its title, and the pod its notification is about. */
let client: { path: string; title: string; podTitle: string };

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  session = await adminSession(page.request);
  const name = unique();
  const estate = await podEstate(page.request, session, name, ['TEMPERATURE', 'ELECTRICITY']);
  await createRecord(page.request, session, 'configuration', {
    groupId: estate.group,
    clientId: estate.client,
    ...NAVY,
    timeFrame: 30,
    alertLimit: 10,
    currency: 'EUR',
    electricityTariff: 0.2,
    waterTariff: 0.01,
    notificationMargin: 10,
    notificationCooldown: 30,
    active: true,
  });
  await ingest(page.request, estate.pod, [
    { sensorType: 'TEMPERATURE', value: 22.5 },
    { sensorType: 'ELECTRICITY', value: 0.4 },
  ]);
  // One unread notification for the administrator, so the bell's panel is never empty, whatever the demo's
  // rules have raised by then.
  const notification = await createRecord(page.request, session, 'notification', {
    groupId: estate.group,
    clientId: estate.client,
    podId: estate.pod.id,
    value: 31,
    type: 'ALERT',
    severity: 'HIGH',
  });
  await createRecord(page.request, session, 'user-notification', {
    notificationId: notification,
    userId: (session.user as { id: number }).id,
    read: false,
  });
  client = {
    path: await clientLink(page.request, session, estate),
    title: estate.clientTitle,
    podTitle: estate.pod.title,
  };
});
afterAll(() => browser?.close());

async function setStorage(scheme: 'light' | 'dark', signedIn: boolean) {
  await page.goto('/user/login');
  await page.evaluate(
    ([scheme, token, user]) => {
      localStorage.clear();
      localStorage.setItem('greenpod_colorScheme', scheme as string);
      if (token) {
        localStorage.setItem('greenpod_token', token as string);
        localStorage.setItem('greenpod_activeUser', JSON.stringify(user));
      }
    },
    [scheme, signedIn ? session.token : null, session.user],
  );
}

async function check(path: string, ready: string) {
  await page.goto(path);
  await page.getByRole('heading', { name: ready }).first().waitFor();
  // A page that loads its content shows a busy placeholder meanwhile: check what replaces it.
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  return seriousViolations(page);
}

describeLooks.each(['light', 'dark'] as const)(
  'the viewer shell in the %s scheme has no serious axe findings',
  (scheme) => {
    it('on sign-in', async () => {
      await setStorage(scheme, false);
      expect(await check('/user/login', 'Sign in')).toEqual([]);
    });

    it.each([
      ['/settings', 'Settings'],
      ['/profile', 'Profile'],
      ['/notificationspage', 'Notifications'],
      ['/alerts', 'Alerts'],
      ['/admin/group', 'Group'],
      ['/admin/alarm-health', 'Alarm Health'],
    ])('on %s', async (path, heading) => {
      await setStorage(scheme, true);
      expect(await check(path, heading)).toEqual([]);
    });

    it('with the bell panel open, showing a notification', async () => {
      await setStorage(scheme, true);
      await page.goto('/settings');
      await page.getByRole('button', { name: /^Notifications/ }).click();
      const panel = page.getByRole('dialog', { name: /^Notifications/ });
      await panel.getByText(client.podTitle).first().waitFor();
      // Checked at rest: mid-fade, axe measures the text blended into the page behind (4.38:1 for 4.6:1).
      await expect.poll(() => panel.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      expect(await seriousViolations(page)).toEqual([]);
    });

    it("on a client's own link, in the client's dark theme", async () => {
      await setStorage(scheme, true);
      await page.goto(client.path);
      // The theme arrives after the first paint: check the page once it wears the client's colours.
      await page.waitForFunction(
        (primary) =>
          getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-primary-6').trim() === primary,
        NAVY.primaryActionColor,
      );
      await page.getByRole('heading', { name: client.title, level: 2 }).waitFor();
      await page.getByRole('article').first().getByText('°C').first().waitFor();
      await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
      expect(await seriousViolations(page)).toEqual([]);
    });
  },
);

describe.each(['light', 'dark'] as const)("the first paint of a client's link in the %s scheme", (scheme) => {
  /** The colours of the header, the page and its intro line, where `selectors` finds them. */
  const colours = (selectors: Record<'header' | 'brand' | 'main' | 'intro', string>) =>
    page.evaluate((s) => {
      const style = (selector: string) => {
        const el = document.querySelector(selector);
        if (!el) throw new Error(`nothing is ${selector}`);
        return getComputedStyle(el);
      };
      return {
        header: [style(s.header).backgroundColor, style(s.header).borderBottomColor],
        brand: style(s.brand).color,
        main: style(s.main).backgroundColor,
        intro: [style(s.intro).color, document.querySelector(s.intro)?.textContent],
      };
    }, selectors);

  it("is index.html's own copy of the dashboard, before the app has run, in the colours the app then paints", async () => {
    await setStorage(scheme, true);
    let release = () => {};
    const held = new Promise<void>((ok) => {
      release = ok;
    });
    // The app's code held back: what the browser shows meanwhile is the page as the server sent it.
    const entry = /\/assets\/index-[\w-]+\.js$/;
    await page.route(entry, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto(client.path, { waitUntil: 'commit' });
      await page.locator('.greenpod-shell').waitFor();
      const painted = await colours({
        header: '.greenpod-shell-header',
        brand: '.greenpod-shell-brand',
        main: '.greenpod-shell-main',
        intro: '.greenpod-shell-intro',
      });
      release();
      await page.getByRole('heading', { name: client.title, level: 2 }).waitFor();
      await page.locator('.greenpod-shell').waitFor({ state: 'detached' });
      const app = await colours({
        header: 'header',
        brand: 'header a[href="/"]',
        main: 'main',
        intro: 'main p:not(.greenpod-shell-intro)',
      });
      expect(painted).toEqual(app);
      // The client's colours, not the default's (whose page is #f4f7f2).
      expect(painted.main).not.toBe('rgb(244, 247, 242)');
    } finally {
      release();
      await page.unroute(entry);
    }
  });
});

describeLooks('the viewer shell on a phone (390 px)', () => {
  it('closes the page with the footer instead of fixing it over the content', async () => {
    const phone = await browser.newPage({ baseURL: baseUrl(), viewport: { width: 390, height: 844 } });
    await phone.goto('/user/login');
    await phone.evaluate(
      ([token, user]) => {
        localStorage.setItem('greenpod_token', token as string);
        localStorage.setItem('greenpod_activeUser', JSON.stringify(user));
      },
      [session.token, session.user],
    );
    await phone.goto(client.path);
    await phone.getByRole('article').first().getByText('°C').first().waitFor();
    const footer = phone.getByText(/^© \d{4} Greenpod$/).filter({ visible: true });
    await phone.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const atEnd = await footer.boundingBox();
    const content = await phone.getByRole('article').last().boundingBox();
    // Below the last card, not over it; and not on screen at the top of a page longer than the screen.
    expect(atEnd && content && atEnd.y >= content.y + content.height).toBe(true);
    await phone.evaluate(() => window.scrollTo(0, 0));
    expect(await footer.isVisible()).toBe(true);
    expect(await footer.evaluate((el) => el.getBoundingClientRect().top > window.innerHeight)).toBe(true);
    await phone.context().close();
  });
});
