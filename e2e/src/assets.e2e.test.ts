import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminSession, clientLink, createRecord, signInAs, unique } from './admin-api';
import { seriousViolations } from './axe';
import { baseUrl, launchBrowser, newPage } from './browser';
import { eachLook, itLooks } from './looks';

/**
 * Assets end to end (docs/screens.md#asset): images uploaded through Create Asset (dropped and picked), refused
 * by name at once, shown in the gallery with Load More; a hostile SVG opened on its own runs nothing; a logo and
 * favicon chosen for a client's configuration show on that client's link without signing in.
 */
const ARTIFACTS = resolve(import.meta.dirname, '../artifacts');
let browser: Browser;
let admin: Page;
let session: AdminSession;
/** This file's own group and client, made for it. */
let place: { group: number; client: number; groupTitle: string; clientTitle: string };

const REJECTED = (name: string) =>
  `"${name}" type rejected. Accepted file types for this field are: .png, .jpg, .jpeg, .svg, .webp`;
const LONG_NAME = 'the-grand-hotel-dubai-marina-primary-logo-2026.png';

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newPage(browser);
  session = await adminSession(admin.request);
  // Run on its own, this file's first page meets the server still busy with the demo's first passes (a minute
  // or more on a loaded machine): that one navigation may wait longer than the default.
  await admin.goto('/user/login', { timeout: 240_000 });
  await signInAs(admin, session);
  const name = unique();
  const group = await createRecord(admin.request, session, 'group', {
    title: `G ${name}`,
    description: 'e2e',
    active: true,
  });
  const client = await createRecord(admin.request, session, 'client', {
    groupId: group,
    title: `C ${name}`,
    description: 'e2e',
    active: true,
  });
  place = { group, client, groupTitle: `G ${name}`, clientTitle: `C ${name}` };
}, 300_000);
afterAll(() => browser?.close());

async function pick(p: Page, label: string, option: string) {
  await p.getByRole('button', { name: new RegExp(`^${label}`) }).click();
  await p.getByRole('option', { name: option, exact: true }).click();
}

async function openCreate(p: Page) {
  await p.goto('/admin/asset/create');
  await p.getByRole('heading', { name: 'Create Asset' }).waitFor();
  await pick(p, 'Group', place.groupTitle);
  await pick(p, 'Client', place.clientTitle);
}

const fileInput = (p: Page) => p.locator('input[type="file"]');
const pending = (p: Page, name: string) => p.getByRole('group', { name });

/** The assets of this file's client, newest first. */
async function clientAssets(): Promise<{ id: number; title: string; extension: string }[]> {
  const params = encodeURIComponent(JSON.stringify({ paging: 100, fetchParams: { clientId: place.client } }));
  const res = await admin.request.get(`/api/asset?dataTableParams=${params}`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  return ((await res.json()) as { data: { id: number; title: string; extension: string }[] }).data;
}

// Steps wait on a real server beside the demo's simulator; on a shared 2-core machine a step takes seconds.
describe('assets in the browser', () => {
  it('uploads dropped and picked images, refuses others by name at once, and pages the gallery', async () => {
    await openCreate(admin);
    await admin.getByText('No Data Found').waitFor();

    // Dropped: a PNG the browser hands over as a drag-and-drop would.
    const logo = Array.from(pngImage(240, 80, [47, 158, 68]));
    await admin.getByTestId('asset-dropzone').evaluate((zone, bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], 'hotel-logo.png', { type: 'image/png' }));
      zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, logo);
    await pending(admin, 'hotel-logo.png').locator('img').waitFor();
    expect(
      await pending(admin, 'hotel-logo.png')
        .getByLabel(/File Title/)
        .inputValue(),
    ).toBe('hotel-logo');

    // Picked: two that are refused by name, and two images, one with a long name.
    await fileInput(admin).setInputFiles([
      { name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ\x90\x00') },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
      { name: LONG_NAME, mimeType: 'image/png', buffer: pngImage(120, 120, [28, 126, 214]) },
      { name: 'favicon.png', mimeType: 'image/png', buffer: pngImage(32, 32, [245, 159, 0]) },
    ]);
    const refused = admin.getByRole('alert').filter({ hasText: 'type rejected' });
    await refused.getByText(REJECTED('setup.exe'), { exact: true }).waitFor();
    await refused.getByText(REJECTED('notes.txt'), { exact: true }).waitFor();
    const cut = `${LONG_NAME.slice(0, 30)}…`;
    expect(cut).toBe('the-grand-hotel-dubai-marina-p…');
    const longCard = pending(admin, cut);
    expect(await longCard.getByText(cut, { exact: true }).getAttribute('title')).toBe(LONG_NAME);
    expect(await admin.getByRole('group', { name: /setup|notes/ }).count()).toBe(0);

    await admin.getByRole('button', { name: 'Upload' }).click();
    // Each file leaves the pending list once it is uploaded.
    for (const name of ['hotel-logo.png', cut, 'favicon.png'])
      await pending(admin, name).waitFor({ state: 'detached' });
    await admin.getByText('3 images uploaded').waitFor();
    expect(await admin.getByRole('alert').filter({ hasText: 'rejected' }).count()).toBe(0);

    const stored = await clientAssets();
    expect(stored.map((a) => a.title).sort()).toEqual(['favicon', 'hotel-logo', LONG_NAME.replace('.png', '')].sort());
    expect(stored.every((a) => a.extension === 'png')).toBe(true);

    // The gallery: 2 of 3 first, Load More brings the third; each image drawn from its bytes.
    await admin.getByText('Showing 2 of 3').waitFor();
    await admin.getByRole('button', { name: 'Load More' }).click();
    await admin.getByText('Showing 3 of 3').waitFor();
    expect(await admin.getByRole('button', { name: 'Load More' }).count()).toBe(0);
    await admin.getByText('hotel-logo', { exact: true }).waitFor();
    await admin.waitForFunction(() => {
      const images = [...document.querySelectorAll<HTMLImageElement>('.mantine-Card-root img[src^="blob:"]')];
      return images.length >= 3 && images.every((img) => img.complete && img.naturalWidth > 0);
    });
    expect(await admin.getByRole('img', { name: 'Image not available' }).count()).toBe(0);
    expect(await seriousViolations(admin)).toEqual([]);
  }, 180_000);

  it('keeps a hostile SVG from running anything when it is opened on its own', async () => {
    await openCreate(admin);
    const hostile = [
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100"',
      ' onload="alert(1)">',
      '<script>alert(2)</script>',
      '<image href="http://evil.example/track.png" width="10" height="10"/>',
      '<image xlink:href="http://evil.example/track2.png" width="10" height="10"/>',
      '<a href="javascript:alert(3)"><rect width="50" height="50" fill="green" onclick="alert(4)"/></a>',
      '<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="http://evil.example/frame"></iframe></foreignObject>',
      '<rect x="50" y="50" width="50" height="50" style="fill:url(http://evil.example/paint)"/>',
      '</svg>',
    ].join('');
    await fileInput(admin).setInputFiles([
      { name: 'hostile.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(hostile) },
    ]);
    await admin.getByRole('button', { name: 'Upload' }).click();
    await pending(admin, 'hostile.svg').waitFor({ state: 'detached' });
    const svg = (await clientAssets()).find((a) => a.title === 'hostile');
    expect(svg?.extension).toBe('svg');

    // Opened directly, as a link to it would open it: the token as a header, since a link cannot carry one.
    const context = await browser.newContext({
      baseURL: baseUrl(),
      extraHTTPHeaders: { Authorization: `Bearer ${session.token}` },
    });
    const page = await context.newPage();
    const dialogs: string[] = [];
    const outside: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    context.on('request', (request) => {
      if (!request.url().startsWith(baseUrl())) outside.push(request.url());
    });
    const response = await page.goto(`/api/asset/file/${svg?.id}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('image/svg+xml');
    expect(response?.headers()['content-security-policy']).toContain('sandbox');
    // Scripting is off in the sandboxed document, so nothing can be asked of it through script (an evaluate would
    // never answer): a real click on the link and the handler's rectangle instead.
    await page.mouse.click(25, 25);
    expect(dialogs).toEqual([]);
    expect(outside).toEqual([]);
    const served = (await response?.text()) ?? '';
    expect(served).not.toMatch(/<script|onload|onclick|javascript:|evil\.example|foreignObject/i);
    await context.close();
  }, 180_000);

  it("wears the chosen logo in the header and the favicon in the tab on the client's link", async () => {
    const assets = await clientAssets();
    const logo = assets.find((a) => a.title === 'hotel-logo');
    const favicon = assets.find((a) => a.title === 'favicon');
    expect(logo && favicon).toBeTruthy();
    const configuration = await createRecord(admin.request, session, 'configuration', {
      groupId: place.group,
      clientId: place.client,
      backgroundColor: '#f4f7f2',
      foregroundColor: '#ffffff',
      primaryActionColor: '#2f9e44',
      secondaryActionColor: '#1c7ed6',
      successColor: '#37b24d',
      warningColor: '#f59f00',
      dropdownColor: '#ffffff',
      primaryTextColor: '#1b2b1e',
      secondaryTextColor: '#5c6b5f',
      timeFrame: 30,
      alertLimit: 10,
      currency: 'EUR',
      electricityTariff: 0.2,
      waterTariff: 0.01,
      notificationMargin: 10,
      notificationCooldown: 30,
      active: true,
      primaryLogo: logo?.id,
    });

    // The form's picker shows the chosen logo, and picks the favicon from the client's gallery.
    await admin.goto(`/admin/configuration/update/${configuration}`);
    await admin.getByRole('button', { name: 'Choose Favicon' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Choose Favicon' });
    const choice = dialog.getByRole('button', { name: /^favicon/ });
    await dialog.getByText(/^Showing \d+ of \d+$/).waitFor();
    // Newest first, a page at a time: Load More until the favicon is in view (a click waits out a load).
    while ((await choice.count()) === 0) await dialog.getByRole('button', { name: 'Load More' }).click();
    await choice.click();
    await dialog.waitFor({ state: 'detached' });
    await admin.getByRole('group', { name: 'Primary Logo' }).getByText('hotel-logo').waitFor();
    await admin.getByRole('group', { name: 'Favicon' }).getByText('favicon').waitFor();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL(/\/admin\/configuration$/);

    // The list deletes only, and not an image a configuration still shows.
    await admin.goto('/admin/asset');
    const row = admin.getByRole('row', { name: new RegExp(`${place.clientTitle}.*hotel-logo`) });
    expect(await row.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await row.getByRole('button', { name: 'Delete' }).click();
    const ask = admin.getByRole('dialog', { name: 'Delete' });
    await ask.getByText(/^This asset cannot be deleted: 1 configuration/).waitFor();
    expect(await ask.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    await ask.getByRole('button', { name: 'Cancel' }).click();

    // The client's link: a visitor lands on its sign-in page, which wears the client's logo and favicon (the theme
    // and its images are public); a signed-in user sees the logo in the header.
    const link = await clientLink(admin.request, session, place);
    const visitor = await browser.newContext({ baseURL: baseUrl() });
    const page = await visitor.newPage();
    await page.goto(link);
    await logoDrawn(page, `main img[src$="/api/asset/file/${logo?.id}"]`);
    await page.waitForFunction(
      (id) => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href.endsWith(`/api/asset/file/${id}`),
      favicon?.id,
    );
    const member = await browser.newContext({ baseURL: baseUrl() });
    const signedIn = await member.newPage();
    await signInAs(signedIn, session);
    await signedIn.goto(link);
    await logoDrawn(signedIn, `header img[src$="/api/asset/file/${logo?.id}"]`);
    await member.close();
    const icon = await page.request.get(`/api/asset/file/${favicon?.id}`);
    expect(icon.status()).toBe(200);
    await visitor.close();
  }, 180_000);

  itLooks(
    'looks finished at 1280 and 390 px, light and dark (screenshots in e2e/artifacts)',
    async () => {
      mkdirSync(ARTIFACTS, { recursive: true });
      await eachLook(browser, session, async (p, { scheme, width }) => {
        await openCreate(p);
        await fileInput(p).setInputFiles([
          { name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
          { name: LONG_NAME, mimeType: 'image/png', buffer: pngImage(240, 80, [47, 158, 68]) },
        ]);
        await pending(p, `${LONG_NAME.slice(0, 30)}…`)
          .locator('img')
          .waitFor();
        await p.getByText(/^Showing 2 of \d$/).waitFor();
        await p.waitForFunction(() =>
          [...document.querySelectorAll<HTMLImageElement>('img')].every((img) => img.complete),
        );
        const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${width} px ${scheme}`).toBeLessThanOrEqual(0);
        expect(await seriousViolations(p), `${width} px ${scheme}`).toEqual([]);
        await p.screenshot({ path: resolve(ARTIFACTS, `asset-create-${width}-${scheme}.png`), fullPage: true });

        // The gallery picker as a form shows it: a user's picture, which may be any image.
        await p.goto('/admin/user/create');
        await p.getByRole('button', { name: 'Choose Asset' }).click();
        const dialog = p.getByRole('dialog', { name: 'Choose Asset' });
        await dialog.getByText(/^Showing 2 of \d+$/).waitFor();
        await dialog.locator('img').nth(1).waitFor();
        await p.waitForFunction(() =>
          [...document.querySelectorAll<HTMLImageElement>('[role="dialog"] img')].every((img) => img.complete),
        );
        // Checked at rest: mid-fade axe would measure text blended with the page behind.
        await p.waitForFunction(() => {
          const box = document.querySelector('[role="dialog"]');
          return box !== null && getComputedStyle(box).opacity === '1';
        });
        expect(await seriousViolations(p), `picker ${width} px ${scheme}`).toEqual([]);
        await p.screenshot({ path: resolve(ARTIFACTS, `asset-picker-${width}-${scheme}.png`) });
        await dialog.getByRole('button', { name: /^favicon/ }).click();
        await p.getByRole('group', { name: 'Asset' }).getByText('favicon').waitFor();
        // The dialog fades out: axe mid-fade measured its cards' text blended with the page (1.01:1).
        await dialog.waitFor({ state: 'hidden' });
        expect(await seriousViolations(p), `user form ${width} px ${scheme}`).toEqual([]);
        await p.getByRole('group', { name: 'Asset' }).scrollIntoViewIfNeeded();
        await p.screenshot({ path: resolve(ARTIFACTS, `asset-picker-field-${width}-${scheme}.png`) });
      });
    },
    400_000,
  );
});

/** Waits until the image the selector names is drawn from the 240 px wide logo's bytes. */
function logoDrawn(page: Page, selector: string) {
  return page.waitForFunction((css) => {
    const img = document.querySelector<HTMLImageElement>(css);
    return img?.complete && img.naturalWidth === 240;
  }, selector);
}

/** A real PNG of one colour with a white band, made here so the test needs no image file. */
function pngImage(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0);
    for (let x = 0; x < width; x++) {
      const band = y > height / 3 && y < (2 * height) / 3 && x > width / 8 && x < (7 * width) / 8;
      rows.push(...(band ? [255, 255, 255] : [r, g, b]));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
