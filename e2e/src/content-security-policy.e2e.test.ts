import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, clientLink, ingest, podEstate, unique } from './admin-api';
import { launchBrowser, newPage } from './browser';
import { ADMIN } from './global-setup';

/**
 * The SPA under its real policy: no 'unsafe-inline' for styles, a nonce per page for the UI kit's <style>
 * tags (docs/decisions/0026-style-nonces.md). Every violation the browser reports, on any page of this
 * walk, is recorded; a <style> without the nonce (a new Mantine feature, another library's) shows here.
 */
let browser: Browser;
let page: Page;
const violations: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  await page.context().exposeBinding('__cspViolation', (_source, report: string) => {
    violations.push(report);
  });
  await page.context().addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = `${e.violatedDirective} ${e.blockedURI} "${e.sample}" on ${location.pathname}`;
      (window as unknown as { __cspViolation: (r: string) => void }).__cspViolation(report);
    });
  });
});
afterAll(() => browser?.close());

/** Mantine's CSS variables arrive in a <style> of its own: present only if the nonce let it in. */
const mantineStyled = () =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-primary-6').trim());

describe('the content security policy', () => {
  it('reports no violation across sign-in, dashboard, an admin list and its dialog, settings and a client link', async () => {
    await page.goto('/user/login');
    await page.getByLabel('Username').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'All locations' }).waitFor();
    await page.locator('article').first().waitFor();
    expect(await mantineStyled()).not.toBe('');

    const session = await adminSession(page.request);
    const name = unique();
    const estate = await podEstate(page.request, session, name, ['TEMPERATURE']);
    await ingest(page.request, estate.pod, [{ sensorType: 'TEMPERATURE', value: 21.5 }]);

    // Searched for through the URL: other files make groups too, so this one need not be on the first page.
    await page.goto(`/admin/group?q=${encodeURIComponent(`G ${name}`)}`);
    const row = page.getByRole('row', { name: new RegExp(`G ${name}`) });
    await row.waitFor();
    // A modal locks the page's scroll with a <style> of its own (react-remove-scroll).
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // Switching the scheme pauses transitions with a short-lived <style>.
    await page.goto('/settings');
    await page.getByText('Dark', { exact: true }).click();
    await page.waitForFunction(() => document.documentElement.dataset.mantineColorScheme === 'dark');
    await page.getByText('Light', { exact: true }).click();

    await page.goto(await clientLink(page.request, session, estate));
    await page.getByRole('article').first().getByText('°C').first().waitFor();
    await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
    expect(await mantineStyled()).not.toBe('');

    expect(violations).toEqual([]);
  });
});
