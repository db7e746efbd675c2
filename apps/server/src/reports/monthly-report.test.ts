import { getResource, lastClosedMonth } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { sendQueuedMail } from '../mail/mail-queue';
import { addDays, dayStart } from '../savings/savings-periods';
import { runSavingsPass } from '../savings/savings-scheduler';
import { writeHourly } from '../savings/test-fixtures';
import { buildEstate, type Estate } from '../test/estate-fixture';
import { create, createUser } from '../test/factory';
import { createTestApp, type TestApp } from '../test/test-app';
import { runMonthlyReports } from './monthly-report';
import { startMonthlyReportScheduler } from './monthly-report-scheduler';

const TZ = 'UTC';
const BASE = 'https://greenpod.example';
// Mid-month, a month ago: the last closed month is the one before it, wholly in the past.
const today = new Date();
const NOW = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 15, 12));
const MONTH = lastClosedMonth(TZ, NOW);
// An hour after that month ended: past the rollups' settling, before the report goes out without savings.
const JUST_CLOSED = new Date(dayStart(addDays(MONTH.to, 1), TZ).getTime() + 60 * 60_000);
const opts = (now: Date) => ({ timeZone: TZ, baseUrl: BASE, assetDir: t.config.ASSET_DIR, now });

let t: TestApp;
let estate: Estate;
let first: number;
let second: number;

beforeAll(async () => {
  // No rule worker: the queued mails stay in the queue until a test sends them.
  t = await createTestApp({ RULES_WORKER: '0' });
  estate = await buildEstate(t, 2);
  [first, second] = estate.locations as [number, number];
});
afterAll(() => t.close());

type Queued = { to_address: string; subject: string; body: string; attachment_name: string; pdf: string };
const queued = (to: string) =>
  t.db.query<Queued>(
    `SELECT to_address, subject, body, attachment_name, convert_from(substring(attachment from 1 for 5), 'UTF8') AS pdf
     FROM mail_queue WHERE to_address = $1 ORDER BY id`,
    [to],
  );
const deliveries = (userId: number) =>
  t.db.query<{ month: string; location_id: number }>(
    `SELECT to_char(month, 'YYYY-MM-DD') AS month, location_id FROM report_delivery WHERE user_id = $1`,
    [userId],
  );
/** A PDF's text, page after page (pdfjs-dist, the legacy build for Node). */
async function pdfText(bytes: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n');
}

let roles = 0;
/** A viewer whose role (its own, so it can lose the binding alone) sees one location, subscribed to it. */
async function subscriber(locationId: number) {
  const role = await t.call('POST', '/api/role', {
    token: t.adminToken,
    body: { title: `Reader ${++roles}`, description: 'One location', accessLevel: 10 },
  });
  const roleId = (role.body.data as { id: number }).id;
  await create(t, getResource('role-location'), { ...estate.ctx, role: roleId, location: locationId });
  const user = await createUser(t, roleId);
  const res = await t.call('POST', '/api/report-subscription', { token: user.token, body: { locationId } });
  expect(res.status).toBe(201);
  return user;
}

describe('the monthly report mail', () => {
  it("queues last month's PDF once per subscriber, and never again, even after a restart", async () => {
    const viewer = await subscriber(first);
    const run = await runMonthlyReports(t.db, opts(NOW));
    expect(run).toMatchObject({ month: MONTH.from.slice(0, 7), failed: 0 });
    const mails = await queued(viewer.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.pdf).toBe('%PDF-');
    expect(mail?.attachment_name).toMatch(/^greenpod-report-.*\.pdf$/);
    expect(mail?.subject).toMatch(/^Greenpod report: .+ - \w+ \d{4}$/);
    expect(mail?.body).toContain(`${BASE}/reports?location=${first}&period=month&from=${MONTH.from}&to=${MONTH.to}`);
    expect(await deliveries(viewer.id)).toEqual([{ month: MONTH.from, location_id: first }]);

    expect((await runMonthlyReports(t.db, opts(NOW)))?.queued).toBe(0);
    // A restart: a new app on the same database, and its scheduler's first run.
    const again = await buildApp({ config: t.config, db: t.db });
    const scheduler = startMonthlyReportScheduler(t.db, again.log, { ...opts(NOW), now: () => NOW, autoStart: false });
    expect(await scheduler.run()).toMatchObject({ queued: 0, failed: 0 });
    await scheduler.stop();
    await again.close();
    expect(await queued(viewer.email)).toHaveLength(1);
  });

  it('mails once when two instances run at the same time', async () => {
    const viewer = await subscriber(first);
    const runs = await Promise.all([runMonthlyReports(t.db, opts(NOW)), runMonthlyReports(t.db, opts(NOW))]);
    // On PostgreSQL one of them may find the other holding the lock (null); either way one mail is queued.
    expect(runs.reduce((n, r) => n + (r?.queued ?? 0), 0)).toBe(1);
    expect(await queued(viewer.email)).toHaveLength(1);
  });

  it('sends nothing to a deactivated user or one whose role lost the location', async () => {
    const deactivated = await subscriber(first);
    const unbound = await subscriber(first);
    await t.db.query('UPDATE app_user SET active = false WHERE id = $1', [deactivated.id]);
    await t.db.query('DELETE FROM role_location WHERE role_id = (SELECT role_id FROM app_user WHERE id = $1)', [
      unbound.id,
    ]);
    await runMonthlyReports(t.db, opts(NOW));
    for (const user of [deactivated, unbound]) {
      expect(await queued(user.email)).toEqual([]);
      expect(await deliveries(user.id)).toEqual([]);
    }
  });

  it('mails a subscription made after the month closed at the next run', async () => {
    await runMonthlyReports(t.db, opts(NOW));
    const late = await subscriber(first);
    expect(await queued(late.email)).toEqual([]);
    expect((await runMonthlyReports(t.db, opts(NOW)))?.queued).toBe(1);
    expect(await queued(late.email)).toHaveLength(1);
  });

  it("waits for the month's savings, and mails once they are computed", async () => {
    // A pod of the second location with a monthly tariff and a month of readings: its saving is still missing.
    const pod = estate.pods.find((p) => p.locationId === second);
    if (!pod) throw new Error('no pod');
    await writeHourly(t.db, pod.id, 'ELECTRICITY', addDays(MONTH.from, -7), MONTH.to, () => ({ sum: 20 }));
    await create(
      t,
      getResource('tariff'),
      { ...estate.ctx, location: second, area: pod.areaId, pod: pod.id },
      {
        sensorType: 'ELECTRICITY',
        type: 'MONTHLY',
        value: 1000,
        currency: 'EUR',
      },
    );
    const viewer = await subscriber(second);
    expect(await runMonthlyReports(t.db, opts(JUST_CLOSED))).toMatchObject({ queued: 0, waiting: 1 });
    expect(await queued(viewer.email)).toEqual([]);
    await runSavingsPass(t.db, { timeZone: TZ, now: JUST_CLOSED });
    expect(await runMonthlyReports(t.db, opts(JUST_CLOSED))).toMatchObject({ queued: 1, waiting: 0 });
    expect(await queued(viewer.email)).toHaveLength(1);
  });

  it('goes through the queue to the outbox as a mail with the PDF attached', async () => {
    const viewer = await subscriber(first);
    await runMonthlyReports(t.db, opts(NOW));
    while ((await sendQueuedMail(t.db, t.app.mailer, t.app.log)) > 0);
    expect(await t.db.query('SELECT id FROM mail_queue')).toEqual([]);
    const eml = t.outbox().find((m) => m.includes(`To: ${viewer.email}`));
    if (!eml) throw new Error('no mail in the outbox');
    expect(eml).toMatch(/Subject: Greenpod report: /);
    const part = /Content-Type: application\/pdf;[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(eml);
    const pdf = Buffer.from(part?.[1]?.replace(/\s/g, '') ?? '', 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-8).toString()).toContain('%%EOF');
    // The location's report of that month, read back as text.
    const text = await pdfText(pdf);
    const [location] = await t.db.query<{ title: string }>('SELECT title FROM location WHERE id = $1', [first]);
    expect(text).toContain(location?.title);
    expect(text).toContain(
      new Date(`${MONTH.from}T00:00:00Z`).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
    );
  });
});
