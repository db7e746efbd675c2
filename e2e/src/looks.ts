import type { Browser, Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { type AdminSession, signInAs } from './admin-api';
import { baseUrl } from './browser';

/**
 * Tests of how screens look (axe findings, layout at 1280 and 390 px, screenshots) draw the same pages whatever
 * database holds the data. `GREENPOD_E2E_LOOKS=0` skips them: CI's PostgreSQL pass sets it, after its PGlite pass
 * ran them, to stay within its 30 minutes (.ci/run). The flows that write and read data run on both.
 */
const skipLooks = process.env.GREENPOD_E2E_LOOKS === '0';

/** A test of how a screen looks. */
export const itLooks = it.skipIf(skipLooks);

/** A group of tests of how screens look. */
export const describeLooks = describe.skipIf(skipLooks);

/** The four looks a screen is checked in: 1280 and 390 px wide, each light and dark. */
export interface Look {
  scheme: 'light' | 'dark';
  width: number;
}

/**
 * Runs `check` once per look, each in a fresh browser context of that width and scheme (the system's and the
 * app's own setting), signed in as `who`; the context is closed after, even when the check fails.
 */
export async function eachLook(browser: Browser, who: AdminSession, check: (page: Page, look: Look) => Promise<void>) {
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: { width, height: width > 400 ? 900 : 844 },
        colorScheme: scheme,
      });
      try {
        const page = await context.newPage();
        await signInAs(page, who);
        await page.evaluate((s) => localStorage.setItem('greenpod_colorScheme', s), scheme);
        await check(page, { scheme, width });
      } finally {
        await context.close();
      }
    }
  }
}
