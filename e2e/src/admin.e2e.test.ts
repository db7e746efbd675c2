import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminSession, createRecord, signInAs, unique } from './admin-api';
import { launchBrowser, newPage } from './browser';

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

/**
 * The list's row for `title`, found through the list's search: lists sort by title and page 10 rows, and other
 * files make clients and groups too, so a new row need not be on the first page.
 */
async function searchedRow(title: string) {
  await page.getByRole('textbox', { name: 'Search' }).fill(title);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await row.waitFor();
  return row;
}

describe('the admin area in the browser', () => {
  it('creates a group, a client under it, and edits the client', async () => {
    const group = `Seaside Group ${unique()}`;
    const client = `Seaside Hotels ${unique()}`;
    await page.goto('/admin/group');
    await page.getByText('Create Group', { exact: true }).click();
    await page.waitForURL('**/admin/group/create');
    const submit = page.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: /^Title/ }).fill(group);
    await page.getByRole('textbox', { name: /^Description/ }).fill('Hotels by the sea');
    await submit.click();
    await page.waitForURL((url) => url.pathname === '/admin/group');
    await searchedRow(group);

    await page.goto('/admin/client/create');
    await pick('Group', group);
    await page.getByRole('textbox', { name: /^Title/ }).fill(client);
    await page.getByRole('textbox', { name: /^Description/ }).fill('Three hotels');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/client');
    const row = await searchedRow(client);
    expect(await row.textContent()).toContain(group);

    await row.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL('**/admin/client/update/*');
    await page.getByRole('textbox', { name: /^Title/ }).fill(`${client} & Spa`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/client');
    await searchedRow(`${client} & Spa`);
  });

  it('says why a group that still has clients cannot be deleted', async () => {
    // Its own group and client, made through the API: this test needs nothing the one above made.
    const group = `Harbour Group ${unique()}`;
    const groupId = await createRecord(page.request, session, 'group', { title: group, description: 'Two marinas' });
    await createRecord(page.request, session, 'client', { groupId, title: `Harbour ${unique()}`, description: 'x' });
    await page.goto('/admin/group');
    await (await searchedRow(group)).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Are you sure you want to delete this group?').waitFor();
    // The dialog asks the server first and says why the delete would be refused, with no Delete to press.
    await page.getByText('This group cannot be deleted: 1 client still depend on it.').waitFor();
    expect(await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
  });
});
