import { getResource, type TipCard } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEstate, type Estate, locationViewer, replaceReadings } from '../test/estate-fixture';
import { create } from '../test/factory';
import { ageRules } from '../test/rule-age';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let estate: Estate;
let other: Estate;
let podA: number;
let podB: number;
let loc0: number;
let loc1: number;
let viewer0: Awaited<ReturnType<typeof locationViewer>>;
let otherViewer: Awaited<ReturnType<typeof locationViewer>>;
const tips: Record<string, number> = {};

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE);

async function tip(title: string, locationId: number, tags: string[], extra: Record<string, unknown> = {}, e = estate) {
  const id = await create(
    t,
    getResource('tip'),
    { ...e.ctx, location: locationId },
    { locationId, title, description: `About ${title}`, tags, ...extra },
  );
  tips[title] = id;
  return id;
}

async function list(token: string, query = '') {
  const res = await t.call('GET', `/api/tips${query}`, { token });
  return { status: res.status, tips: res.body.data as TipCard[], body: res.body };
}
const titles = (cards: TipCard[]) => cards.map((c) => c.title);
const params = (p: object) => `?dataTableParams=${encodeURIComponent(JSON.stringify(p))}`;

async function placeOf(podId: number) {
  const [row] = await t.db.query<{ pod: string; area: string }>(
    'SELECT p.title AS pod, a.title AS area FROM pod p JOIN area a ON a.id = p.area_id WHERE p.id = $1',
    [podId],
  );
  if (!row) throw new Error('no pod');
  return `${row.area}, ${row.pod}`;
}

beforeAll(async () => {
  t = await createTestApp();
  estate = await buildEstate(t);
  other = await buildEstate(t, 1);
  const [a, b, , , c] = estate.pods;
  if (!a || !b || !c) throw new Error('estate too small');
  [podA, podB, loc0, loc1] = [a.id, b.id, a.locationId, c.locationId];
  // Location 0: temperature above its limit on podA, humidity close to its limit on podB.
  for (const [podId, sensorType, condition, thresholdValue] of [
    [podA, 'TEMPERATURE', 'greater', 26],
    [podB, 'HUMIDITY', 'greater', 60],
    // Location 1: a rule exceeded there says nothing about location 0's tips.
    [c.id, 'MOTION', 'smaller', 1],
  ] as const) {
    await create(
      t,
      getResource('rule'),
      { ...estate.ctx, pod: podId },
      {
        podId,
        sensorId: estate.sensorIds[sensorType],
        title: `${sensorType} rule`,
        condition,
        thresholdValue,
        severity: 'HIGH',
        action: 'Act',
      },
    );
  }
  await ageRules(t);
  await replaceReadings(t, estate, [
    { podId: podA, sensorType: 'TEMPERATURE', value: 30, created: ago(5) },
    // Within 10 % below 60: close.
    { podId: podB, sensorType: 'HUMIDITY', value: 57, created: ago(5) },
    { podId: c.id, sensorType: 'MOTION', value: 0, created: ago(5) },
  ]);
  await tip('A lights off', loc0, ['LUMINESCENCE']);
  await tip('B ventilate', loc0, ['HUMIDITY']);
  await tip('C blinds down', loc0, ['TEMPERATURE', 'HUMIDITY']);
  await tip('D close the taps', loc0, ['WATER_FLOW']);
  await tip('E retired tip', loc0, ['TEMPERATURE'], { active: false });
  await tip('F sensors at the other site', loc1, ['TEMPERATURE', 'MOTION']);
  const otherLocation = other.locations[0] ?? 0;
  await tip('G another client', otherLocation, ['TEMPERATURE'], {}, other);
  viewer0 = await locationViewer(t, estate, loc0);
  otherViewer = await locationViewer(t, other, otherLocation);
});
afterAll(() => t?.close());

describe('GET /api/tips', () => {
  it('puts the tips whose tags are exceeded, then close, in their location first, each with its reasons', async () => {
    const { status, tips: cards } = await list(viewer0.token);
    expect(status).toBe(200);
    expect(titles(cards)).toEqual(['C blinds down', 'B ventilate', 'A lights off', 'D close the taps']);
    const [blinds, ventilate, lights] = cards;
    expect(blinds).toMatchObject({
      urgency: 'exceeded',
      locationId: loc0,
      tags: ['TEMPERATURE', 'HUMIDITY'],
      reasons: [
        {
          status: 'exceeded',
          sensorType: 'TEMPERATURE',
          text: `Temperature above its limit in ${await placeOf(podA)}`,
        },
        { status: 'close', sensorType: 'HUMIDITY', text: `Humidity close to its limit in ${await placeOf(podB)}` },
      ],
    });
    expect(ventilate?.urgency).toBe('close');
    expect(ventilate?.reasons.map((r) => r.text)).toEqual([`Humidity close to its limit in ${await placeOf(podB)}`]);
    expect(lights).toMatchObject({ urgency: null, reasons: [] });
  });

  it('keeps the urgent tips first whatever the sort, and pages', async () => {
    const desc = await list(viewer0.token, params({ colKey: 'title', sortDirection: 'DESC' }));
    expect(titles(desc.tips)).toEqual(['C blinds down', 'B ventilate', 'D close the taps', 'A lights off']);
    const page2 = await list(viewer0.token, params({ paging: 2, offset: 2 }));
    expect(titles(page2.tips)).toEqual(['A lights off', 'D close the taps']);
    expect(page2.body.paging).toMatchObject({ skip: 2, limit: 2, total: 4, totalIsLowerBound: false });
  });

  it('searches, and filters by tag', async () => {
    expect(titles((await list(viewer0.token, params({ searchWord: 'taps' }))).tips)).toEqual(['D close the taps']);
    expect(titles((await list(viewer0.token, '?tag=HUMIDITY')).tips)).toEqual(['C blinds down', 'B ventilate']);
    expect((await list(viewer0.token, '?tag=NOPE')).status).toBe(400);
    expect((await list(viewer0.token, params({ colKey: 'tags' }))).status).toBe(400);
  });

  it('shows only the active tips of the caller’s scope', async () => {
    const admin = await list(t.adminToken, params({ paging: 100 }));
    expect(titles(admin.tips)).not.toContain('E retired tip');
    expect(titles(admin.tips)).toContain('G another client');
    // The other site's tip is urgent for its own motion rule only.
    expect(admin.tips.find((c) => c.title === 'F sensors at the other site')?.reasons.map((r) => r.sensorType)).toEqual(
      ['MOTION'],
    );
    expect(titles((await list(otherViewer.token)).tips)).toEqual(['G another client']);
    expect((await t.call('GET', '/api/tips')).status).toBe(401);
  });
});

describe('GET /api/tips/:id', () => {
  it('answers one tip in scope with its reasons', async () => {
    const res = await t.call('GET', `/api/tips/${tips['C blinds down']}`, { token: viewer0.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      title: 'C blinds down',
      urgency: 'exceeded',
      locationTitle: expect.any(String),
    });
  });

  it('answers 404 for another client’s tip, an inactive one and a missing one; 400 for an id that is not one', async () => {
    for (const id of [tips['G another client'], tips['F sensors at the other site'], tips['E retired tip'], 999_999]) {
      const res = await t.call('GET', `/api/tips/${id}`, { token: viewer0.token });
      expect(res.status, String(id)).toBe(404);
    }
    expect((await t.call('GET', `/api/tips/${tips['C blinds down']}`, { token: otherViewer.token })).status).toBe(404);
    expect((await t.call('GET', '/api/tips/abc', { token: viewer0.token })).status).toBe(400);
  });
});

describe('the tip form’s tags', () => {
  it('refuses a tip without tags with a 400 naming the field', async () => {
    const res = await t.call('POST', '/api/tip', {
      token: t.adminToken,
      body: {
        groupId: estate.ctx.group,
        clientId: estate.ctx.client,
        locationId: loc0,
        title: 'No tags',
        description: 'x',
        tags: [],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.validationErrors).toMatchObject({ tags: ['Please select at least one'] });
    const update = await t.call('PUT', `/api/tip/${tips['A lights off']}`, { token: t.adminToken, body: { tags: [] } });
    expect(update.status).toBe(400);
    expect(update.body.validationErrors).toMatchObject({ tags: ['Please select at least one'] });
  });
});
