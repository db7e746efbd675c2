import { getResource, type LocationMarker, type Resource } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEstate, type Estate, locationViewer, replaceReadings } from '../test/estate-fixture';
import { create, createUser } from '../test/factory';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
// Location 0 (Porto): an exceeded temperature rule in its second area, a close humidity rule in its first.
// Location 1 (London): one rule within its limit. Location 2: a rule with no reading, and no point.
let estate: Estate;
// Another client's location, placed, with no rule at all.
let other: Estate;

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function rule(podId: number, sensorType: string, thresholdValue: number) {
  return create(
    t,
    getResource('rule'),
    { ...estate.ctx, pod: podId },
    {
      podId,
      sensorId: estate.sensorIds[sensorType],
      title: `${sensorType} over ${thresholdValue}`,
      condition: 'greater',
      thresholdValue,
      severity: 'HIGH',
    },
  );
}

async function update(locationId: number, body: Record<string, unknown>) {
  const res = await t.call('PUT', `/api/location/${locationId}`, { token: t.adminToken, body });
  expect(res.status).toBe(200);
}

async function markers(token: string, query = '') {
  const res = await t.call('GET', `/api/location-markers${query}`, { token });
  return { status: res.status, markers: res.body.data as LocationMarker[], body: res.body };
}

/** A verified viewer whose role is bound to one area only. */
async function areaViewer(areaId: number) {
  const role = await t.call('POST', '/api/role', {
    token: t.adminToken,
    body: { title: `Viewer of area ${areaId}`, description: 'One area', accessLevel: 10 },
  });
  const roleId = (role.body.data as { id: number }).id;
  const area = estate.areas.find((a) => a.id === areaId);
  await create(t, getResource('role-area') as Resource, {
    ...estate.ctx,
    role: roleId,
    location: area?.locationId ?? 0,
    area: areaId,
  });
  return createUser(t, roleId);
}

beforeAll(async () => {
  t = await createTestApp();
  estate = await buildEstate(t, 3);
  other = await buildEstate(t, 1);
  const [porto, london, nowhere] = estate.locations;
  if (porto === undefined || london === undefined || nowhere === undefined) throw new Error('estate too small');
  await update(porto, { title: 'B Porto', latitude: 41.1496, longitude: -8.611 });
  await update(london, { title: 'A London', latitude: 51.5122, longitude: -0.1 });
  await update(nowhere, { title: 'C Nowhere' });
  await update(other.locations[0] ?? 0, { title: 'D Dubai', latitude: 25.08, longitude: 55.14 });
  // Pods: 0, 1 in area 0 and 2, 3 in area 1 of location 0; 4..7 in location 1; 8..11 in location 2.
  const pod = (i: number) => estate.pods[i]?.id ?? 0;
  await rule(pod(0), 'HUMIDITY', 60);
  await rule(pod(2), 'TEMPERATURE', 26);
  await rule(pod(4), 'TEMPERATURE', 26);
  await rule(pod(8), 'TEMPERATURE', 26);
  await replaceReadings(t, estate, [
    // Close: within 10 % below 60.
    { podId: pod(0), sensorType: 'HUMIDITY', value: 58, created: ago(5) },
    { podId: pod(2), sensorType: 'TEMPERATURE', value: 30, created: ago(5) },
    { podId: pod(4), sensorType: 'TEMPERATURE', value: 20, created: ago(5) },
  ]);
});
afterAll(() => t?.close());

describe('GET /api/location-markers', () => {
  it('answers every location in scope by title, with its point and the worst status of its alert cards', async () => {
    const { status, markers: all } = await markers(t.adminToken);
    expect(status).toBe(200);
    expect(all.map((m) => m.title)).toEqual(['A London', 'B Porto', 'C Nowhere', 'D Dubai']);
    const [london, porto, nowhere, dubai] = all;
    expect(porto).toMatchObject({
      id: estate.locations[0],
      point: { latitude: 41.1496, longitude: -8.611 },
      state: 'exceeded',
      openAlerts: 1,
      closeAlerts: 1,
    });
    expect(porto?.city).toEqual(expect.any(String));
    expect(porto?.country).toEqual(expect.any(String));
    expect(london).toMatchObject({ state: 'ok', openAlerts: 0, closeAlerts: 0 });
    // A rule without a reading judges nothing: no state, and no place on the map either.
    expect(nowhere).toMatchObject({ point: null, state: null, openAlerts: 0, closeAlerts: 0 });
    // A location with no rule at all has no state.
    expect(dubai).toMatchObject({ point: { latitude: 25.08, longitude: 55.14 }, state: null, openAlerts: 0 });
  });

  it("shows a viewer only their own locations, judged by the pods they see, and 404 for another client's", async () => {
    const [porto, london] = estate.locations;
    const londoner = await locationViewer(t, estate, london ?? 0);
    const own = await markers(londoner.token);
    expect(own.markers.map((m) => [m.id, m.state])).toEqual([[london, 'ok']]);
    // Bound to Porto's first area only: Porto shows (as on the dashboards), judged by that area's pods alone.
    const firstArea = estate.areas.find((a) => a.locationId === porto)?.id ?? 0;
    const partial = await markers((await areaViewer(firstArea)).token);
    expect(partial.markers.map((m) => [m.id, m.state, m.openAlerts, m.closeAlerts])).toEqual([[porto, 'close', 0, 1]]);
    expect((await markers(londoner.token, `?clientId=${other.ctx.client}`)).status).toBe(404);
  });

  it('filters by client for an administrator, and refuses what is not a client id or a session', async () => {
    const { markers: theirs } = await markers(t.adminToken, `?clientId=${other.ctx.client}`);
    expect(theirs.map((m) => m.id)).toEqual(other.locations);
    expect((await markers(t.adminToken, '?clientId=999999')).status).toBe(404);
    const bad = await markers(t.adminToken, '?clientId=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual(expect.any(String));
    expect((await t.call('GET', '/api/location-markers')).status).toBe(401);
  });
});
