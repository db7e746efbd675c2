import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import mqtt from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AdminSession, adminSession, locationViewer, podEstate, signInAs, unique } from './admin-api';
import { dataDir, launchBrowser, newPage } from './browser';

/**
 * The rules engine end to end: an administrator writes a rule in the admin form, a pod breaches it over
 * MQTT, and the viewers whose scope covers the pod hear of it live, by mail for HIGH, once.
 */
let browser: Browser;
let admin: Page;
let session: AdminSession;
const pages: Page[] = [];

async function pick(p: Page, label: string, option: string) {
  await p
    .getByLabel(new RegExp(`^${label}`))
    .first()
    .click();
  await p.getByRole('option', { name: option, exact: true }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newPage(browser);
  pages.push(admin);
  session = await adminSession(admin.request);
  await signInAs(admin, session);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    for (const [i, p] of pages.entries())
      await p.screenshot({ path: `artifacts/${ctx.task.name.replace(/\W+/g, '-')}-${i}.png` }).catch(() => {});
});
afterAll(() => browser?.close());

describe('alerts in the browser', () => {
  it('raises one live notification for a breach over MQTT, to the viewers in scope only, and mails it', async () => {
    const name = unique();
    const estate = await podEstate(admin.request, session, name, ['TEMPERATURE']);
    const other = await podEstate(admin.request, session, `${name}-other`, ['TEMPERATURE']);
    const inside = await locationViewer(admin.request, session, estate, name);
    const outside = await locationViewer(admin.request, session, other, `${name}-out`);

    // The administrator writes the rule in the admin form.
    const ruleTitle = `Server room too hot ${name}`;
    await admin.goto('/admin/rule/create');
    await pick(admin, 'Group', estate.groupTitle);
    await pick(admin, 'Client', estate.clientTitle);
    await pick(admin, 'Pod', estate.pod.title);
    await pick(admin, 'Sensor', 'Temperature');
    await admin.getByRole('textbox', { name: /^Rule Title/ }).fill(ruleTitle);
    await admin.getByRole('textbox', { name: /^Description/ }).fill('Keep the servers cool');
    await pick(admin, 'Condition', 'greater');
    await admin.getByLabel(/^Threshold Value/).fill('30');
    await pick(admin, 'Severity', 'HIGH');
    await admin.getByRole('textbox', { name: /^Action/ }).fill('Open the vents and call facilities');
    await admin.getByRole('button', { name: 'Submit' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/rule');

    // Both viewers have the alerts page open; the bell is in every page's header.
    const viewer = async (s: AdminSession) => {
      const p = await newPage(browser);
      pages.push(p);
      await signInAs(p, s);
      await p.goto('/alerts');
      await p.getByRole('heading', { name: 'Alerts' }).waitFor();
      await p.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
      return p;
    };
    const insidePage = await viewer(inside.session);
    const outsidePage = await viewer(outside.session);
    // Without a reading the rule needs no one: a line of the folded list, open as nothing else needs them.
    const cardName = `${ruleTitle} on ${estate.pod.title}`;
    await insidePage.getByRole('listitem', { name: cardName }).waitFor();
    const card = insidePage.getByRole('article', { name: cardName });
    expect(await outsidePage.getByText(ruleTitle).count()).toBe(0);

    const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${inject('mqttPort')}`, {
      username: estate.pod.identifier,
      password: estate.pod.key,
      reconnectPeriod: 0,
    });
    const publish = (value: number) =>
      device.publishAsync(
        `pods/${estate.pod.identifier}/readings`,
        JSON.stringify({ readings: [{ sensorType: 'TEMPERATURE', value, created: new Date().toISOString() }] }),
        { qos: 1 },
      );
    await publish(35); // resolves on the PUBACK, sent after the commit

    // Live: no reload, within 2 s of the commit, the bell counts it and the card turns red.
    const bell = insidePage.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor({ timeout: 2_000 });
    await insidePage
      .locator(`article[data-status="exceeded"][aria-label="${ruleTitle} on ${estate.pod.title}"]`)
      .waitFor({ timeout: 2_000 });
    expect(await card.getByText('Exceeded', { exact: true }).count()).toBe(1);
    const pill = await card
      .getByText('Exceeded', { exact: true })
      .evaluate((el) => getComputedStyle(el.closest('.mantine-Badge-root') ?? el).color);
    const [r, g, b] = (pill.match(/\d+/g) ?? []).map(Number);
    expect(r).toBeGreaterThan((g ?? 0) + 40); // red, not amber or green
    expect(r).toBeGreaterThan((b ?? 0) + 40);
    await bell.click();
    await insidePage
      .getByRole('dialog', { name: /^Notifications/ })
      .getByRole('button', { name: new RegExp(`^Alert: Temperature on ${estate.pod.title}`) })
      .waitFor();

    // The HIGH alert is in the outbox for the viewer in scope, with the way to the alerts page.
    const mailFor = (email: string) => {
      const dir = join(dataDir(), 'outbox');
      return readdirSync(dir)
        .map((f) => readFileSync(join(dir, f), 'utf8'))
        .filter((m) => m.includes(ruleTitle) && m.includes(`To: ${email}`));
    };
    await expect.poll(() => mailFor(inside.email).length, { timeout: 10_000 }).toBe(1);
    expect(mailFor(inside.email)[0]).toContain('/alerts');
    expect(mailFor(outside.email)).toEqual([]);

    // Readings that stay over the threshold raise nothing more.
    await publish(36);
    await publish(37);
    const unread = async (who: { id: number; session: AdminSession }) => {
      const res = await admin.request.get(`/api/notification/unread/${who.id}`, {
        headers: { Authorization: `Bearer ${who.session.token}` },
      });
      return ((await res.json()) as { data: { type: string; podId: number }[] }).data;
    };
    await admin.waitForTimeout(1_500); // a second notification would have been delivered by now
    expect((await unread(inside)).filter((n) => n.podId === estate.pod.id).map((n) => n.type)).toEqual(['ALERT']);
    expect(await unread(outside)).toEqual([]);
    expect(await outsidePage.getByRole('button', { name: 'Notifications', exact: true }).count()).toBe(1);
    expect(await outsidePage.getByText(ruleTitle).count()).toBe(0);
    expect(mailFor(inside.email)).toHaveLength(1);
    await device.endAsync();
  });
});
