import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession } from './admin-api';
import { seriousViolations } from './axe';
import { launchBrowser, newPage } from './browser';

let browser: Browser;
let page: Page;
let session: { token?: string; user?: unknown };

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  session = await adminSession(page.request);
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

describe.each(['light', 'dark'] as const)('the viewer shell in the %s scheme has no serious axe findings', (scheme) => {
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

  it('with the bell panel open', async () => {
    await setStorage(scheme, true);
    await page.goto('/settings');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('dialog', { name: /^Notifications/ }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
