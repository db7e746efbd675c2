import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AdminSession, adminSession, createRecord, signInAs, unique } from './admin-api';
import { seriousViolations } from './axe';
import { baseUrl, launchBrowser, newPage } from './browser';

const ARTIFACTS = resolve(import.meta.dirname, '../artifacts/scratch');
let browser: Browser;
let session: AdminSession;
let titles: { g: string; c: string };
let cfg: number;
beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await newPage(browser);
  session = await adminSession(admin.request);
  const name = unique();
  const group = await createRecord(admin.request, session, 'group', { title: `G ${name}`, description: 'e2e', active: true });
  const client = await createRecord(admin.request, session, 'client', { groupId: group, title: `C ${name}`, description: 'e2e', active: true });
  titles = { g: `G ${name}`, c: `C ${name}` };
  cfg = await createRecord(admin.request, session, 'configuration', {
      groupId: group, clientId: client,
      backgroundColor: '#f4f7f2', foregroundColor: '#ffffff', primaryActionColor: '#2f9e44', secondaryActionColor: '#1c7ed6',
      successColor: '#37b24d', warningColor: '#f59f00', dropdownColor: '#ffffff', primaryTextColor: '#1b2b1e', secondaryTextColor: '#5c6b5f',
      timeFrame: 30, alertLimit: 10, currency: 'EUR', electricityTariff: 0.2, waterTariff: 0.01, notificationMargin: 10, notificationCooldown: 30, active: true,
  });
});
afterAll(() => browser?.close());

it('screens', async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height: width > 400 ? 900 : 844 }, colorScheme: scheme });
      const p = await context.newPage();
      await signInAs(p, session);
      await p.evaluate((s) => localStorage.setItem('greenpod_colorScheme', s), scheme);
      await p.goto('/admin/asset/create');
      await p.getByRole('heading', { name: 'Create Asset' }).waitFor();
      await p.screenshot({ path: resolve(ARTIFACTS, `empty-${width}-${scheme}.png`), fullPage: true });
      await p.getByRole('button', { name: /^Group/ }).click();
      await p.getByRole('option', { name: titles.g, exact: true }).click();
      await p.getByRole('button', { name: /^Client/ }).click();
      await p.getByRole('option', { name: titles.c, exact: true }).click();
      await p.locator('input[type="file"]').setInputFiles([
        { name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
        { name: 'the-grand-hotel-dubai-marina-primary-logo-2026.png', mimeType: 'image/png', buffer: Buffer.from('x') },
        { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="80" height="40"><rect width="80" height="40" fill="teal"/></svg>') },
      ]);
      await p.getByText('No Data Found').waitFor();
      const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      console.log(width, scheme, 'overflow', overflow, JSON.stringify(await seriousViolations(p)));
      await p.screenshot({ path: resolve(ARTIFACTS, `create-${width}-${scheme}.png`), fullPage: true });
      await p.goto(`/admin/configuration/update/${cfg}`);
      await p.getByRole('button', { name: 'Choose Primary Logo' }).click();
      await p.getByRole('dialog').getByText('No Data Found').waitFor();
      console.log('modal', JSON.stringify(await seriousViolations(p)));
      await p.screenshot({ path: resolve(ARTIFACTS, `picker-${width}-${scheme}.png`), fullPage: false });
      await p.keyboard.press('Escape');
      await p.getByRole('group', { name: 'Primary Logo' }).scrollIntoViewIfNeeded();
      await p.screenshot({ path: resolve(ARTIFACTS, `config-${width}-${scheme}.png`), fullPage: false });
      await context.close();
    }
  }
  expect(1).toBe(1);
}, 300_000);
