import type { ReportSubscription } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEstate, type Estate, locationViewer } from '../test/estate-fixture';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let estate: Estate;
let first: number;
let second: number;
let viewerA: Awaited<ReturnType<typeof locationViewer>>;
let viewerB: Awaited<ReturnType<typeof locationViewer>>;

beforeAll(async () => {
  t = await createTestApp();
  estate = await buildEstate(t, 2);
  [first, second] = estate.locations as [number, number];
  viewerA = await locationViewer(t, estate, first);
  viewerB = await locationViewer(t, estate, second);
});
afterAll(() => t.close());

const subscribe = (token: string, body: unknown) => t.call('POST', '/api/report-subscription', { token, body });
const list = async (token: string) => {
  const res = await t.call('GET', '/api/report-subscription', { token });
  expect(res.status).toBe(200);
  return res.body.data as ReportSubscription[];
};

describe('report subscriptions', () => {
  it('subscribes oneself to a location in scope, and a second subscribe answers the same subscription', async () => {
    const made = await subscribe(viewerA.token, { locationId: first });
    expect(made.status).toBe(201);
    const sub = made.body.data as ReportSubscription;
    expect(sub).toMatchObject({ userId: viewerA.id, locationId: first });
    expect(sub.locationTitle).toMatch(/\S/);
    expect(sub.clientTitle).toMatch(/\S/);
    const again = await subscribe(viewerA.token, { locationId: first });
    expect(again.status).toBe(200);
    expect((again.body.data as ReportSubscription).id).toBe(sub.id);
    expect(await list(viewerA.token)).toEqual([sub]);
  });

  it('answers 404 for a location outside the scope or unknown, exactly alike, and writes nothing', async () => {
    for (const locationId of [second, 2_000_000]) {
      const res = await subscribe(viewerA.token, { locationId });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Location not found');
    }
    expect((await list(viewerA.token)).map((s) => s.locationId)).toEqual([first]);
  });

  it('refuses a body without a location id with a 400 naming it', async () => {
    for (const body of [{}, { locationId: 'x' }, { locationId: -3 }]) {
      const res = await subscribe(viewerA.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.validationErrors ?? {})).toContain('locationId');
    }
    expect((await t.call('POST', '/api/report-subscription', { body: { locationId: first } })).status).toBe(401);
  });

  it("lists one's own subscriptions; an administrator's list holds everyone's", async () => {
    expect((await subscribe(viewerB.token, { locationId: second })).status).toBe(201);
    expect((await list(viewerB.token)).map((s) => [s.userId, s.locationId])).toEqual([[viewerB.id, second]]);
    const all = await list(t.adminToken);
    expect(all.map((s) => [s.userId, s.locationId])).toEqual(
      expect.arrayContaining([
        [viewerA.id, first],
        [viewerB.id, second],
      ]),
    );
  });

  it("deletes one's own subscription; another's is a 404 to a viewer and deleted by an administrator", async () => {
    const [a] = await list(viewerA.token);
    const [b] = await list(viewerB.token);
    if (!a || !b) throw new Error('no subscriptions');
    const others = await t.call('DELETE', `/api/report-subscription/${b.id}`, { token: viewerA.token });
    expect(others.status).toBe(404);
    expect(others.body.error).toBe('Subscription not found');
    expect(await list(viewerB.token)).toHaveLength(1);
    expect((await t.call('DELETE', `/api/report-subscription/${a.id}`, { token: viewerA.token })).status).toBe(200);
    expect(await list(viewerA.token)).toEqual([]);
    expect((await t.call('DELETE', `/api/report-subscription/${a.id}`, { token: viewerA.token })).status).toBe(404);
    expect((await t.call('DELETE', `/api/report-subscription/${b.id}`, { token: t.adminToken })).status).toBe(200);
    expect(await list(viewerB.token)).toEqual([]);
    expect((await t.call('DELETE', '/api/report-subscription/abc', { token: t.adminToken })).status).toBe(400);
  });
});
