/**
 * bench/web: what the viewer costs a browser, on the demo estate, in Debian's Chromium.
 *   npm run bench:web [-- --soak-minutes 30 --loads 9 --no-build --data-dir /tmp/greenpod-bench-web --demo-days 365]
 * Prints, measured in this one run and compared with the budgets (asserts nothing):
 * - compressed JavaScript and CSS moved on a cold load of the sign-in page and of the dashboard;
 * - the dashboard's Largest Contentful Paint (cold cache, localhost) on `/` and on a client's link, --loads
 *   times each, beside a plain page of the same text from the same server (web-lcp.ts);
 * - the time from a click on a time tab or a filter to the chart drawn at the Year window;
 * - the JS heap (after a forced garbage collection) over a dashboard left open on Live.
 * The server runs as an operator would start it (its own process, the demo estate and simulator on,
 * PGlite in --data-dir, kept between runs so the seed is paid once). --demo-days N seeds a fresh --data-dir
 * with only N days of demo history (the smoke's tiny size) before the server starts; its figures then
 * describe a smaller estate than the demo's year.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { demoPodsPath, migrate, openPglite, seedBase, seedDemoEstate } from '@greenpod/server/bench';
import { freePort, startServerProcess } from '@greenpod/server/testing';
import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import { clientLink, measurePaints, printPaints, webDistWithBaseline } from './web-lcp';

const { values: args } = parseArgs({
  options: {
    'soak-minutes': { type: 'string', default: '5' },
    /** Cold loads of each page whose paint is measured (the baseline, `/`, a client's link). */
    loads: { type: 'string', default: '9' },
    'no-build': { type: 'boolean', default: false },
    'data-dir': { type: 'string', default: '/tmp/greenpod-bench-web' },
    /** Days of demo history seeded before the server starts (a folder already seeded is left alone). */
    'demo-days': { type: 'string' },
  },
});
const ROOT = resolve(import.meta.dirname, '../..');
const ADMIN = { email: 'admin@greenpod.local', password: 'bench-web-admin-1' };
const KB = 1024;

interface Transfer {
  js: number;
  css: number;
  requests: number;
}

/**
 * Encoded (over-the-wire) bytes of every script and style a page loads until it shows `ready` and then no
 * request starts or ends for half a second (a live stream left open does not count). Playwright's
 * 'networkidle' alone came too soon on a loaded machine: evaluating the first scripts took over its 500 ms,
 * before the page asked for its own, and the dashboard was counted as sign-in's 28 requests.
 */
async function coldLoad(
  context: BrowserContext,
  url: string,
  ready: string,
): Promise<{ page: Page; transfer: Transfer }> {
  const page = await context.newPage();
  const transfer: Transfer = { js: 0, css: 0, requests: 0 };
  const pending: Promise<void>[] = [];
  let lastActivity = Date.now();
  const started = () => {
    lastActivity = Date.now();
  };
  const finished = (request: Request) => {
    lastActivity = Date.now();
    pending.push(
      request.sizes().then((sizes) => {
        const type = request.resourceType();
        transfer.requests++;
        if (type === 'script') transfer.js += sizes.responseBodySize;
        if (type === 'stylesheet') transfer.css += sizes.responseBodySize;
      }),
    );
  };
  page.on('request', started);
  page.on('requestfinished', finished);
  await page.goto(url);
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  while (Date.now() - lastActivity < 500) await page.waitForTimeout(100);
  // Counted: the page stays open for the clicks, and a request finishing then (a chart's) asked for its sizes
  // as the browser closed, a rejection nothing awaited, which ended the bench (CI, 2026-11-26).
  page.off('request', started);
  page.off('requestfinished', finished);
  await Promise.all(pending);
  return { page, transfer };
}

/**
 * Milliseconds from a click until the chart shows the new window's data (its section is no longer
 * aria-busy and is titled for it) and two frames were drawn after it. A window seen a moment ago
 * comes from the cache without a request, so the wait is on the chart, not on the network.
 */
async function timeToChart(page: Page, click: () => Promise<void>, subtitle: string): Promise<number> {
  // From the click as the page received it (the event's own time), not from when Playwright began
  // checking the element: a person's wait starts at their click.
  await page.evaluate(() => {
    const w = window as unknown as { __clickAt?: number };
    w.__clickAt = undefined;
    document.addEventListener('click', (e) => (w.__clickAt = e.timeStamp), { capture: true, once: true });
  });
  await click();
  await page.waitForFunction((want) => {
    const chart = document.querySelector('section[aria-label="Chart"]');
    return chart?.getAttribute('aria-busy') === 'false' && (chart.textContent ?? '').includes(want);
  }, subtitle);
  return page.evaluate(
    () =>
      new Promise<number>((ok) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            ok(performance.now() - ((window as unknown as { __clickAt: number }).__clickAt ?? 0)),
          ),
        ),
      ),
  );
}

/** The chart's subtitle per tab (docs/screens.md#dashboard; chartSubtitle): the Month tab names its first day. */
const SUBTITLES = { Week: 'This week', Month: 'Since ', Year: 'This year' } as const;

/** A time tab of the dashboard's control bar. */
const tab = (page: Page, label: string) =>
  page.getByRole('radiogroup', { name: 'Time window' }).getByText(label, { exact: true });

const fmt = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const verdict = (value: number, budget: number) =>
  `${(value / budget).toFixed(2)}x of budget ${value <= budget ? 'MET' : 'NOT met'}`;

async function main() {
  if (!args['no-build']) execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'inherit' });
  const started = Date.now();
  if (args['demo-days'] !== undefined) {
    const days = Number(args['demo-days']);
    const db = await openPglite(join(args['data-dir'], 'pglite'));
    await migrate(db);
    await seedBase(db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password });
    await seedDemoEstate(db, {
      podsFile: demoPodsPath(args['data-dir']),
      historyDays: days,
      rawDays: Math.min(1, days),
    });
    await db.close();
  }
  const port = await freePort();
  const scratch = mkdtempSync(join(tmpdir(), 'greenpod-bench-web-'));
  process.once('exit', () => rmSync(scratch, { recursive: true, force: true }));
  const server = await startServerProcess(
    {
      DATA_DIR: args['data-dir'],
      WEB_DIST: webDistWithBaseline(join(ROOT, 'apps/web/dist'), join(scratch, 'dist')),
      PORT: String(port),
      MQTT_PORT: String(await freePort()),
      GREENPOD_DEMO: '1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SIMULATOR_INTERVAL_SECONDS: '5',
      // The budgets are the viewer's own: a weather service out of reach must not be part of them.
      WEATHER_URL: '',
    },
    10 * 60_000,
  );
  console.log(`server up in ${((Date.now() - started) / 1000).toFixed(1)} s (demo seeded on first run)`);
  const base = `http://127.0.0.1:${port}`;
  let browser: Browser | undefined;
  try {
    const signIn = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const session = (await signIn.json()) as { token: string; user: unknown };
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--js-flags=--expose-gc'],
    });

    // Each measurement in a fresh context: a cold HTTP cache.
    const anonymous = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const login = await coldLoad(anonymous, `${base}/user/login`, 'button[type="submit"]');
    await anonymous.close();

    // Before any other page is open: a dashboard left on Live would draw beside these loads.
    const targets = [
      { name: '/', path: '/' },
      { name: "a client's link", path: await clientLink(base, session.token) },
    ];
    const paints = await measurePaints(browser, base, session, targets, Number(args.loads));

    const signedIn = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signedIn.addInitScript(
      ([token, user]) => {
        localStorage.setItem('greenpod_token', token as string);
        localStorage.setItem('greenpod_activeUser', JSON.stringify(user));
      },
      [session.token, session.user],
    );
    const dash = await coldLoad(signedIn, `${base}/`, 'article');

    console.log('\nCompressed transfer on a cold load (JS budget: sign-in <= 200 KB, dashboard <= 350 KB)');
    console.log(
      `  sign-in page  JS ${fmt(login.transfer.js)}  CSS ${fmt(login.transfer.css)}  ${login.transfer.requests} requests  ${verdict(login.transfer.js, 200 * KB)}`,
    );
    console.log(
      `  dashboard     JS ${fmt(dash.transfer.js)}  CSS ${fmt(dash.transfer.css)}  ${dash.transfer.requests} requests  ${verdict(dash.transfer.js, 350 * KB)}`,
    );
    printPaints(paints);

    // Tab and filter changes to a drawn chart at the Year window (budget 300 ms each).
    const page = dash.page;
    page.setDefaultTimeout(15_000);
    try {
      const times: { what: string; ms: number }[] = [];
      times.push({
        what: 'Live -> Year',
        ms: await timeToChart(page, () => tab(page, 'Year').click(), SUBTITLES.Year),
      });
      for (const label of ['Week', 'Year', 'Month', 'Year'] as const) {
        times.push({
          what: `-> ${label}`,
          ms: await timeToChart(page, () => tab(page, label).click(), SUBTITLES[label]),
        });
      }
      console.log('\nClick to chart drawn (budget 300 ms)');
      for (const t of times)
        console.log(`  ${t.what.padEnd(12)} ${t.ms.toFixed(0).padStart(5)} ms  ${verdict(t.ms, 300)}`);
    } catch (err) {
      const chart = await page
        .locator('section[aria-label="Chart"]')
        .evaluate((el) => `aria-busy=${el.getAttribute('aria-busy')} "${(el.textContent ?? '').slice(0, 80)}"`)
        .catch(() => 'no chart');
      console.log(
        `\nClick to chart drawn: not measured (${(err as Error).message.split('\n')[0]}; the chart: ${chart})`,
      );
    }

    // A dashboard left open on Live: the heap after a forced GC, once a minute.
    await tab(page, 'Live').click();
    const cdp = await signedIn.newCDPSession(page);
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    };
    const minutes = Number(args['soak-minutes']);
    const samples = [await heap()];
    for (let m = 1; m <= minutes; m++) {
      await page.waitForTimeout(60_000);
      samples.push(await heap());
    }
    const first = samples[0] ?? 0;
    const last = samples.at(-1) ?? 0;
    console.log(`\nJS heap on Live over ${minutes} min (after GC, once a minute; flat means last/first ~1.0)`);
    console.log(`  ${samples.map((s) => fmt(s)).join(' -> ')}`);
    console.log(`  last/first ${(last / first).toFixed(3)}, max/first ${(Math.max(...samples) / first).toFixed(3)}`);
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
  }
}

await main();
