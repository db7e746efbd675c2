import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminSession, clientLink, podEstate, signInAs, unique } from './admin-api';
import { seriousViolations } from './axe';
import { launchBrowser, newPage } from './browser';
import { eachLook, itLooks } from './looks';

/** The green score on a pod card (docs/domain.md#green-score), on data this test sends through the ingest. */
let browser: Browser;
let page: Page;
let admin: AdminSession;
let place: Awaited<ReturnType<typeof podEstate>>;
const SHOTS = process.env.SCREENSHOT_DIR ?? resolve(import.meta.dirname, '../artifacts');

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  admin = await adminSession(page.request);
  await signInAs(page, admin);
  // A London pod without a motion sensor: 30 days of 22 °C and a steady electricity draw, every 5 minutes.
  place = await podEstate(page.request, admin, unique(), ['TEMPERATURE', 'ELECTRICITY']);
  const end = Math.floor(Date.now() / 300_000) * 300_000 - 300_000;
  const readings: { sensorType: string; value: number; created: string }[] = [];
  for (let t = end - 30 * 86_400_000 - 3_600_000; t <= end; t += 300_000) {
    const created = new Date(t).toISOString();
    readings.push(
      { sensorType: 'TEMPERATURE', value: 22, created },
      { sensorType: 'ELECTRICITY', value: 0.1, created },
    );
  }
  for (let i = 0; i < readings.length; i += 5000) {
    const res = await page.request.post('/api/ingest', {
      headers: { Authorization: `Pod ${place.pod.identifier}:${place.pod.key}` },
      data: { readings: readings.slice(i, i + 5000) },
    });
    expect(res.status()).toBe(202);
  }
  // The cards read stored scores (computed every 15 minutes); asking for the pod's computes and stores it now.
  const res = await page.request.get(`/api/score?podId=${place.pod.id}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  const score = (await res.json()) as { data: { stars: number | null } };
  // Comfort 100 % (5 stars), waste 37.5 % outside 07:00-22:00 (2 stars): 3.5 rounds to 4.
  expect(score.data.stars).toBe(4);
}, 180_000);
afterAll(() => browser?.close());

async function openPopover(p: Page) {
  await p.goto(`/location/${place.location}/area/${place.area}`);
  const card = p.getByRole('article', { name: place.pod.title });
  await card.getByRole('button', { name: 'Score: 4 of 5 stars. Show how it is made' }).click();
  const dialog = p.getByRole('dialog');
  await dialog.getByRole('region', { name: 'Comfort' }).waitFor();
  return dialog;
}

describe('the green score', () => {
  it("opens a card's score and sees its parts, the note and the tips link", async () => {
    const dialog = await openPopover(page);
    const comfort = dialog.getByRole('region', { name: 'Comfort' });
    expect(await comfort.textContent()).toContain('100 %');
    // Comfort and Waste both count 07:00-22:00 for want of a motion sensor: said once, naming both.
    expect(await dialog.textContent()).toContain(
      'Comfort and Waste: No motion sensor: 07:00-22:00 (Europe/London) counted as occupied',
    );
    const waste = dialog.getByRole('region', { name: 'Waste' });
    expect(await waste.textContent()).toContain('Use at most 30 % of electricity in empty hours (now 37.5 %)');
    expect(await waste.getByRole('link', { name: 'Tips that help' }).getAttribute('href')).toBe(
      '/tips?tags=ELECTRICITY,MOTION',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it("shows the client's score beside its page's title", async () => {
    await page.goto(await clientLink(page.request, admin, place));
    await page.getByRole('heading', { name: place.clientTitle, level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Score: 4 of 5 stars. Show how it is made' }).first().waitFor();
  });

  itLooks('is axe clean with the popover open, light and dark, at 1280 and 390 px (screenshots)', async () => {
    mkdirSync(SHOTS, { recursive: true });
    await eachLook(browser, admin, async (p, { scheme, width }) => {
      const dialog = await openPopover(p);
      expect(await seriousViolations(p), `${width} px ${scheme}`).toEqual([]);
      await dialog.scrollIntoViewIfNeeded();
      await p.screenshot({ path: join(SHOTS, `score-popover-${width}-${scheme}.png`) });
    });
  });
});
