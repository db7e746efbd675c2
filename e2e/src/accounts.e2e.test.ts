import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, createRecord, roleId, unique } from './admin-api';
import { dataDir, launchBrowser, newPage } from './browser';
import { ADMIN } from './global-setup';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/user/login');
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
}

describe('accounts in the browser', () => {
  it('registers, waits for verification, is verified by an administrator and signs in', async () => {
    const email = `rosa-${unique()}@e2e.test`;
    const page = await newPage(browser);
    await page.goto('/user/register');
    await page.getByLabel('First Name').fill('Rosa');
    await page.getByLabel('Last Name').fill('Reception');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('rosa-password-1');
    await page.getByLabel('Confirm Password').fill('rosa-password-1');
    await page.getByLabel('I accept the terms and conditions').check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/verification');
    await page.getByText(/administrator must verify/).waitFor();

    await signIn(page, email, 'rosa-password-1');
    await page.getByText(/waiting for an administrator/).waitFor();

    const admin = await newPage(browser);
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL((url) => url.pathname === '/');
    await admin.goto('/admin/user');
    const row = admin.getByRole('row', { name: new RegExp(email.replaceAll('.', '\\.')) });
    await row.getByRole('button', { name: 'Edit' }).click();
    await admin.waitForURL('**/admin/user/update/*');
    await admin.getByRole('checkbox', { name: 'Verified' }).check();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/user');

    await signIn(page, email, 'rosa-password-1');
    await page.waitForURL((url) => url.pathname === '/');
    const stored = await page.evaluate(() => [
      localStorage.getItem('greenpod_token'),
      localStorage.getItem('greenpod_activeUser'),
    ]);
    expect(stored[0]).toBeTruthy();
    expect(JSON.parse(stored[1] ?? '{}')).toMatchObject({ email });
  });

  it('resets a password through the link in the outbox mail', async () => {
    const page = await newPage(browser);
    // A user of its own: the shared administrator keeps its password for every other test.
    const email = `sam-${unique()}@e2e.test`;
    const session = await adminSession(page.request);
    await createRecord(page.request, session, 'user', {
      roleId: await roleId(page.request, session, 'Viewer'),
      firstName: 'Sam',
      lastName: 'Reset',
      email,
      password: 'sam-password-1',
      active: true,
      verified: true,
    });
    await page.goto('/user/requestResetPassword');
    await page.getByLabel('Email').fill(email);
    await page
      .getByRole('button', { name: /send|submit|reset/i })
      .first()
      .click();
    await page.getByText('Almost there!').waitFor();
    await page.getByRole('button', { name: 'Continue to login' }).click();
    await page.waitForURL('**/user/login');

    const outbox = join(dataDir(), 'outbox');
    let link: string | undefined;
    for (let i = 0; i < 50 && !link; i++) {
      const mails = (() => {
        try {
          return readdirSync(outbox)
            .map((f) => readFileSync(join(outbox, f), 'utf8').replace(/=\r?\n/g, ''))
            .filter((m) => m.includes(email));
        } catch {
          return [];
        }
      })();
      link = mails.map((m) => /(http:\/\/\S+\/user\/resetPassword\/[\w-]+)/.exec(m)?.[1]).find(Boolean);
      if (!link) await new Promise((r) => setTimeout(r, 100));
    }
    expect(link).toBeTruthy();
    await page.goto(link as string);
    await page.getByLabel('New Password').fill('sam-password-2');
    await page.getByLabel('Confirm Password').fill('sam-password-2');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/user/login');
    await signIn(page, email, 'sam-password-2');
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('sends the browser to sign-in when the API answers 401', async () => {
    const page = await newPage(browser);
    await page.goto('/user/login');
    await page.evaluate(() => {
      localStorage.setItem('greenpod_token', 'not-a-valid-token');
      localStorage.setItem('greenpod_activeUser', JSON.stringify({ id: 1, email: 'x@y.z' }));
    });
    await page.goto('/admin/group');
    await page.waitForURL('**/user/login');
    const stored = await page.evaluate(() => [
      localStorage.getItem('greenpod_token'),
      localStorage.getItem('greenpod_activeUser'),
    ]);
    expect(stored).toEqual([null, null]);
  });
});
