import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser';
import { ADMIN } from './global-setup';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  const res = await page.request.post('/api/user/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  const body = (await res.json()) as { token?: string; user?: unknown };
  if (!body.token) {
    // The accounts suite may have changed the password already.
    const retry = await page.request.post('/api/user/login', {
      data: { email: ADMIN.email, password: 'new-admin-password' },
    });
    Object.assign(body, await retry.json());
  }
  await page.goto('/user/login');
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('greenpod_token', token as string);
      localStorage.setItem('greenpod_activeUser', JSON.stringify(user));
    },
    [body.token, body.user],
  );
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await page.screenshot({ path: `artifacts/${ctx.task.name.replace(/\W+/g, '-')}.png` });
});
afterAll(() => browser?.close());

async function pick(label: string, option: string) {
  await page
    .getByLabel(new RegExp(`^${label}`))
    .first()
    .click();
  await page.getByRole('option', { name: option }).click();
}

describe('the admin area in the browser', () => {
  it('creates a group, a client under it, and edits the client', async () => {
    await page.goto('/admin/group');
    await page.getByText('Create Group', { exact: true }).click();
    await page.waitForURL('**/admin/group/create');
    const submit = page.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: /^Title/ }).fill('Seaside Group');
    await page.getByRole('textbox', { name: /^Description/ }).fill('Hotels by the sea');
    await submit.click();
    await page.waitForURL((url) => url.pathname === '/admin/group');
    await page.getByRole('row', { name: /Seaside Group/ }).waitFor();

    await page.goto('/admin/client/create');
    await pick('Group', 'Seaside Group');
    await page.getByRole('textbox', { name: /^Title/ }).fill('Seaside Hotels');
    await page.getByRole('textbox', { name: /^Description/ }).fill('Three hotels');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/client');
    const row = page.getByRole('row', { name: /Seaside Hotels/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Seaside Group');

    await row.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL('**/admin/client/update/*');
    await page.getByRole('textbox', { name: /^Title/ }).fill('Seaside Hotels & Spa');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/client');
    await page.getByRole('row', { name: /Seaside Hotels & Spa/ }).waitFor();
  });

  it('shows the server refusal when a group still has clients', async () => {
    await page.goto('/admin/group');
    await page
      .getByRole('row', { name: /Seaside Group/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('Are you sure you want to delete this group?').waitFor();
    await page
      .getByRole('button', { name: /^(Delete|Yes|Confirm)/ })
      .last()
      .click();
    await page.getByText(/cannot be deleted: 1 client/).waitFor();
  });
});
