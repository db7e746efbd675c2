import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminSession, clientLink, createRecord, signInAs, unique } from './admin-api';
import { seriousViolations } from './axe';
import { baseUrl, launchBrowser, newPage } from './browser';
import { eachLook, itLooks } from './looks';

const ARTIFACTS = resolve(import.meta.dirname, '../artifacts');

let browser: Browser;
let page: Page;
let session: AdminSession;

// A light theme on plain white surfaces: the light scheme keeps every chosen colour that passes.
const WHITE = {
  backgroundColor: '#ffffff',
  foregroundColor: '#ffffff',
  primaryActionColor: '#2f9e44',
  secondaryActionColor: '#1c7ed6',
  successColor: '#37b24d',
  warningColor: '#f59f00',
  dropdownColor: '#ffffff',
  primaryTextColor: '#1b2b1e',
  secondaryTextColor: '#5c6b5f',
};
const BUSINESS = {
  timeFrame: 30,
  alertLimit: 10,
  currency: 'EUR',
  electricityTariff: 0.2,
  waterTariff: 0.01,
  notificationMargin: 10,
  notificationCooldown: 30,
  active: true,
};

interface TestClient {
  group: number;
  client: number;
  configuration: number | null;
  link: string;
  title: string;
  groupTitle: string;
}
/** This file's own clients: one with a configuration, one without. */
let styled: TestClient;
let bare: TestClient;

async function newClient(name: string, withConfiguration: boolean): Promise<TestClient> {
  const groupTitle = `G theme ${name}`;
  const group = await createRecord(page.request, session, 'group', {
    title: groupTitle,
    description: 'e2e',
    active: true,
  });
  const title = `C theme ${name}`;
  const client = await createRecord(page.request, session, 'client', {
    groupId: group,
    title,
    description: 'e2e',
    active: true,
  });
  // A client's link opens its dashboard once the client has a place to show.
  await createRecord(page.request, session, 'location', {
    groupId: group,
    clientId: client,
    title: `Hotel ${name}`,
    description: 'e2e',
    country: 'UK',
    city: 'London',
    address: '1 Test Street',
    contactName: 'Tess',
    contactNumber: '0123',
    boxCount: 1,
    active: true,
  });
  const configuration = withConfiguration
    ? await createRecord(page.request, session, 'configuration', {
        groupId: group,
        clientId: client,
        ...WHITE,
        ...BUSINESS,
      })
    : null;
  const link = await clientLink(page.request, session, { group, client });
  return { group, client, configuration, link, title, groupTitle };
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  session = await adminSession(page.request);
  styled = await newClient(`${unique()}-a`, true);
  bare = await newClient(`${unique()}-b`, false);
  await signInAs(page, session);
  await page.evaluate(() => localStorage.setItem('greenpod_colorScheme', 'light'));
  mkdirSync(ARTIFACTS, { recursive: true });
});
afterAll(() => browser?.close());

const editorOf = (link: string) => `/admin/configuration${link}`;

/** The text colour of an element as #rrggbb. */
const colorOf = (element: Locator) =>
  element.evaluate((el) => {
    const [r, g, b] = getComputedStyle(el).color.match(/\d+/g)?.map(Number) ?? [];
    return `#${[r, g, b].map((c) => (c ?? 0).toString(16).padStart(2, '0')).join('')}`;
  });

const rootVariable = (p: Page, name: string) =>
  p.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

describe('the configuration editor', () => {
  it("opens a client's configuration by its shortcodes, a create form for a client without one, and says when none exists", async () => {
    await page.goto(editorOf(styled.link));
    await page.getByRole('heading', { name: 'Edit Configuration' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Background Color' }).inputValue()).toBe('#ffffff');
    expect(await page.getByRole('textbox', { name: 'Primary Text Color' }).inputValue()).toBe('#1b2b1e');
    expect(await page.getByLabel('Time Frame').inputValue()).toBe('30');
    await expect.poll(() => page.getByRole('button', { name: /^Client/ }).textContent()).toContain(styled.title);

    await page.goto(editorOf(bare.link));
    await page.getByRole('heading', { name: 'Create Configuration' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^Group/ }).textContent()).toContain(bare.groupTitle);
    await expect.poll(() => page.getByRole('button', { name: /^Client/ }).textContent()).toContain(bare.title);
    // A new configuration starts from Greenpod's colours.
    expect(await page.getByRole('textbox', { name: 'Primary Action Color' }).inputValue()).toBe('#2f9e44');

    await page.goto('/admin/configuration/AAAAAAAAAAAA/BBBBBBBBBBBB');
    await page.getByRole('heading', { name: 'Configuration not found' }).waitFor();
    await page.getByText('No client has the group shortcode "AAAAAAAAAAAA"').waitFor();
  });

  it('previews a low-contrast text colour as the app will show it, says how far it falls short, and the client link wears it once saved', async () => {
    await page.goto(editorOf(styled.link));
    await page.getByRole('heading', { name: 'Edit Configuration' }).waitFor();
    const title = page.getByTestId('preview-light').getByTestId('preview-title');
    await title.waitFor();
    expect(await colorOf(title)).toBe('#1b2b1e');
    const row = page.getByTestId('contrast-text-background');
    expect(await row.getByText('Unchanged', { exact: true }).count()).toBe(1);

    const input = page.getByRole('textbox', { name: 'Primary Text Color' });
    await input.fill('#9a9a9a');
    await input.press('Escape');

    // As chosen: grey on white reaches 2.81:1 and fails AA.
    await row.getByText('2.81:1').waitFor();
    await row.getByText('Fail', { exact: true }).waitFor();
    // As the app shows it: a darker grey that passes, which the preview wears.
    const adjusted = (await row.getByTestId('adjusted').textContent()) ?? '';
    const [used, , on] = adjusted.split(' ');
    expect(on).toBe('#ffffff');
    expect(used).toMatch(/^#[0-9a-f]{6}$/);
    expect(used).not.toBe('#9a9a9a');
    const ratios = await row.getByTestId('ratio').allTextContents();
    expect(Number.parseFloat(ratios[1] ?? '0')).toBeGreaterThanOrEqual(4.5);
    await expect.poll(() => colorOf(title)).toBe(used);
    // The admin page around the preview keeps its own colours.
    expect(await colorOf(page.getByRole('heading', { name: 'Edit Configuration' }))).not.toBe(used);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/configuration$/);
    await page.goto(styled.link);
    await expect.poll(() => rootVariable(page, '--mantine-color-text')).toBe(used);
    expect(await rootVariable(page, '--mantine-color-primary-6')).toBe(WHITE.primaryActionColor);
  });

  it("shows the client's logo for the scheme (the secondary on dark) and its favicon on the client's link", async () => {
    const svg = (fill: string) =>
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="${fill}"/></svg>`,
      );
    const upload = async (title: string, fill: string) => {
      const res = await page.request.post('/api/asset', {
        headers: { Authorization: `Bearer ${session.token}` },
        multipart: {
          'assets[]': { name: `${title}.svg`, mimeType: 'image/svg+xml', buffer: svg(fill) },
          groupId: String(styled.group),
          clientId: String(styled.client),
          title,
        },
      });
      const body = (await res.json()) as { data?: { id: number }[] };
      const id = body.data?.[0]?.id;
      if (res.status() !== 201 || !id) throw new Error(`POST /api/asset ${res.status()} ${JSON.stringify(body)}`);
      return id;
    };
    const logos = {
      primaryLogo: await upload('logo-dark-ink', '#1b2b1e'),
      secondaryLogo: await upload('logo-white', '#ffffff'),
    };
    const favicon = await upload('tab-icon', '#2f9e44');
    const put = await page.request.put(`/api/configuration/${styled.configuration}`, {
      headers: { Authorization: `Bearer ${session.token}` },
      data: { ...logos, favicon },
    });
    expect(put.status()).toBe(200);

    /** The logo the Brand link shows, once loaded: its file's id, or null while there is none. */
    const brandLogo = (p: Page, within: string) =>
      p.evaluate((selector) => {
        const img = document.querySelector<HTMLImageElement>(`${selector} a[aria-label="Home"] img`);
        return img?.complete && img.naturalWidth > 0 ? Number(img.src.split('/').pop()) : null;
      }, within);
    for (const [scheme, shown] of [
      ['light', logos.primaryLogo],
      ['dark', logos.secondaryLogo],
    ] as const) {
      const context = await browser.newContext({ baseURL: baseUrl(), colorScheme: scheme });
      const p = await context.newPage();
      await p.goto('/user/login');
      await p.evaluate((s) => localStorage.setItem('greenpod_colorScheme', s), scheme);
      // Someone not signed in, sent to sign-in from the client's link: the theme and its images are public.
      await p.goto(`/user/login?next=${encodeURIComponent(styled.link)}`);
      await expect.poll(() => brandLogo(p, 'main'), { timeout: 15_000, message: `${scheme} sign-in` }).toBe(shown);
      await p.waitForFunction(
        (id) => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href.endsWith(`/api/asset/file/${id}`),
        favicon,
      );
      expect(await seriousViolations(p), `${scheme} sign-in`).toEqual([]);
      // Signed in, on the client's link: the header.
      await signInAs(p, session);
      await p.goto(styled.link);
      await expect.poll(() => brandLogo(p, 'header'), { timeout: 15_000, message: `${scheme} header` }).toBe(shown);
      await p.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
      expect(await seriousViolations(p), `${scheme} header`).toEqual([]);
      await p.screenshot({ path: join(ARTIFACTS, `theme-editor-logo-${scheme}.png`) });
      await context.close();
    }
  });

  itLooks(
    'is axe clean and whole at 1280 and 390 px, light and dark (screenshots in e2e/artifacts)',
    async () => {
      await eachLook(browser, session, async (p, { scheme, width }) => {
        await p.goto(editorOf(styled.link));
        await p.getByRole('heading', { name: 'Edit Configuration' }).waitFor();
        // The preview is inert (out of the accessibility tree): its chart is found by its canvas.
        await p.getByTestId(`preview-${scheme}`).locator('.gp-chart canvas').first().waitFor();
        await p.getByTestId('contrast-text-background').waitFor();
        const label = `theme-editor-${width}-${scheme}`;
        await p.screenshot({ path: join(ARTIFACTS, `${label}.png`), fullPage: true });
        const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, label).toBeLessThanOrEqual(0);
        expect(await seriousViolations(p), label).toEqual([]);
      });
    },
    240_000,
  );
});
