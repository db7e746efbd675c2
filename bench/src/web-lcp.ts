/**
 * bench/web's paint measurements: the dashboard's Largest Contentful Paint on `/` and on a client's link,
 * each load in a fresh context (a cold HTTP cache), beside a plain page of the same intro text served by the
 * same server in the same browser. The machine is shared and its load swings, so the figures that carry are
 * the ones measured in the same round: the dashboard's LCP against that baseline and against the budget.
 */
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';

/** docs/performance.md#what-the-viewer-costs-a-browser-benchweb: the dashboard's LCP budget. */
export const LCP_BUDGET_MS = 1000;
export const BASELINE_PATH = '/lcp-baseline.html';
/** The dashboard's intro line (apps/web dashboard-heading.tsx INTRO), the largest text of its first view. */
const INTRO = 'The measurements are averages of the pods in the location, over the chosen time.';

/**
 * A copy of the built web app with the baseline page beside it, for the server to serve as it serves the
 * app's own files: the build itself is left as it was.
 */
export function webDistWithBaseline(dist: string, into: string): string {
  cpSync(dist, into, { recursive: true });
  writeFileSync(
    join(into, BASELINE_PATH),
    `<!doctype html><html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1.0"><title>Greenpod</title></head><body><p>${INTRO}</p></body></html>`,
  );
  return into;
}

/** The first client (of the demo estate) that has places, as its link: `/<group shortcode>/<client shortcode>`. */
export async function clientLink(base: string, token: string): Promise<string> {
  const list = async <T>(entity: string, fetchParams?: object) => {
    const params = encodeURIComponent(JSON.stringify({ paging: 100, fetchParams }));
    const res = await fetch(`${base}/api/${entity}?dataTableParams=${params}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`GET /api/${entity}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: T[] }).data;
  };
  const groups = await list<{ id: number; shortcode: string }>('group');
  for (const client of await list<{ id: number; groupId: number; shortcode: string }>('client')) {
    const group = groups.find((g) => g.id === client.groupId);
    if (group && (await list('location', { clientId: client.id })).length > 0)
      return `/${group.shortcode}/${client.shortcode}`;
  }
  throw new Error('no client of the estate has places: there is no client link to measure');
}

/** What one load recorded, in ms from navigation start. */
export interface PaintSample {
  lcp: number;
  /** First Contentful Paint: an LCP well after it is a largest paint that came later than the first. */
  fcp: number;
  /** The React dashboard's controls in the page: the app, not an early paint of its shell. */
  ready: number;
  /** The first card drawn: the page's data in. */
  cards: number;
  what: string;
}

/** Recorded in the page from its first script: LCP candidates, and when the dashboard and its cards appear. */
const recordPaints = () => {
  const w = window as unknown as { __paint: PaintSample };
  w.__paint = { lcp: 0, fcp: 0, ready: 0, cards: 0, what: '' };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntriesByName('first-contentful-paint')) w.__paint.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element; size: number })[]) {
      w.__paint.lcp = entry.startTime;
      const el = entry.element;
      w.__paint.what = `${el?.tagName.toLowerCase() ?? '?'} "${(el?.textContent ?? '').trim().slice(0, 40)}" (${entry.size} px²)`;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new MutationObserver(() => {
    if (!w.__paint.ready && document.querySelector('section[aria-label="Dashboard controls"]'))
      w.__paint.ready = performance.now();
    if (!w.__paint.cards && document.querySelector('article')) w.__paint.cards = performance.now();
  }).observe(document, { childList: true, subtree: true });
};

/** One cold load of `url`, signed in; the LCP read once the page has drawn what it waits for. */
async function load(browser: Browser, url: string, session: Session, waitFor: string | null): Promise<PaintSample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript(
      ([token, user]) => {
        localStorage.setItem('greenpod_token', token as string);
        localStorage.setItem('greenpod_activeUser', JSON.stringify(user));
      },
      [session.token, session.user],
    );
    await context.addInitScript(recordPaints);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(url, { waitUntil: 'load' });
    if (waitFor) await page.locator(waitFor).first().waitFor();
    // A paint is reported once its frame is on screen, which a loaded machine can take a while to say.
    await page.waitForFunction(() => (window as unknown as { __paint: PaintSample }).__paint.lcp > 0);
    // Two frames after: the last candidate has been reported.
    return await page.evaluate(
      () =>
        new Promise<PaintSample>((ok) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => ok((window as unknown as { __paint: PaintSample }).__paint)),
          ),
        ),
    );
  } finally {
    await context.close();
  }
}

export interface Session {
  token: string;
  user: unknown;
}

export interface PaintTarget {
  name: string;
  path: string;
}

/**
 * `loads` rounds; each loads the baseline page and then every target once, so a round's loads share the
 * machine's load of that moment. Returns the samples per target, the baseline's under BASELINE_PATH.
 */
export async function measurePaints(
  browser: Browser,
  base: string,
  session: Session,
  targets: PaintTarget[],
  loads: number,
): Promise<Map<string, PaintSample[]>> {
  const samples = new Map<string, PaintSample[]>([BASELINE_PATH, ...targets.map((t) => t.name)].map((n) => [n, []]));
  for (let round = 0; round < loads; round++) {
    samples.get(BASELINE_PATH)?.push(await load(browser, base + BASELINE_PATH, session, null));
    for (const target of targets)
      samples.get(target.name)?.push(await load(browser, base + target.path, session, 'article'));
  }
  return samples;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}
const ms = (v: number) => `${v.toFixed(0)} ms`.padStart(9);

/** The table bench/web prints: per target the median and p95 of each figure, and the ratios of its LCP. */
export function printPaints(samples: Map<string, PaintSample[]>): void {
  const baseline = samples.get(BASELINE_PATH) ?? [];
  console.log(
    `\nLargest Contentful Paint, ${baseline.length} cold loads each, signed in (budget ${LCP_BUDGET_MS} ms; p95 of few loads is their slowest)`,
  );
  console.log(
    `  ${'page'.padEnd(22)} ${'LCP median'.padStart(10)} ${'LCP p95'.padStart(9)} ${'/ budget'.padStart(9)} ${'/ baseline'.padStart(11)} ${'app median'.padStart(10)} ${'cards median'.padStart(12)}`,
  );
  for (const [name, list] of samples) {
    const lcps = list.map((s) => s.lcp);
    // Per round, against that round's baseline: the machine's load of the moment weighs on both.
    const ratios = list.map((s, i) => s.lcp / (baseline[i]?.lcp ?? Number.NaN));
    const median = quantile(lcps, 0.5);
    const p95 = quantile(lcps, 0.95);
    // The plain page has neither the dashboard's controls nor its cards.
    const medianOf = (key: 'ready' | 'cards') =>
      name === BASELINE_PATH
        ? ''
        : ms(
            quantile(
              list.map((s) => s[key]),
              0.5,
            ),
          );
    const app = medianOf('ready');
    const cards = medianOf('cards');
    console.log(
      `  ${name.padEnd(22)} ${ms(median).padStart(10)} ${ms(p95)} ${`${(p95 / LCP_BUDGET_MS).toFixed(2)}x`.padStart(9)} ${`${quantile(ratios, 0.5).toFixed(2)}x`.padStart(11)} ${app.padStart(10)} ${cards.padStart(12)}  ${p95 <= LCP_BUDGET_MS ? 'MET' : 'NOT met'}`,
    );
  }
  for (const [name, list] of samples) {
    console.log(`  ${name}: largest paint ${list.at(-1)?.what}`);
    console.log(`    each load, LCP/FCP ms: ${list.map((s) => `${s.lcp.toFixed(0)}/${s.fcp.toFixed(0)}`).join(' ')}`);
  }
  console.log(
    "  (/ budget: the p95 against the budget; / baseline: the median of each round's LCP over that round's plain page; app: the dashboard's controls in the page; cards: its first card)",
  );
}
