import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../test/factory';
import { createTestApp, type TestApp } from '../test/test-app';
import { GEOCODE_LIMIT } from './geocode';
import { GEOCODE_PER_MINUTE } from './geocode-routes';

// A local stand-in for a Nominatim server: records what it was asked and answers as told.
let stub: Server;
let stubUrl: string;
const asked: URL[] = [];
let answer: { status: number; body: string } = { status: 200, body: '[]' };
const hit = (name: string, lat: string, lon: string) => ({ place_id: 1, lat, lon, display_name: name, type: 'house' });

beforeAll(async () => {
  stub = createServer((req, res) => {
    asked.push(new URL(req.url ?? '/', 'http://stub'));
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((ok) => stub.listen(0, '127.0.0.1', ok));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/nominatim/`;
});
afterAll(() => new Promise((ok) => stub.close(ok)));

const VIEWER_ROLE = 2;

describe('GET /api/map/geocode', () => {
  let t: TestApp;
  let off: TestApp;
  let viewer: string;
  beforeAll(async () => {
    t = await createTestApp({ GEOCODER_URL: stubUrl });
    off = await createTestApp();
    viewer = (await createUser(t, VIEWER_ROLE)).token;
  });
  afterAll(async () => {
    await t?.close();
    await off?.close();
  });
  beforeEach(() => {
    asked.length = 0;
    answer = { status: 200, body: '[]' };
  });

  it('asks the geocoder for UK addresses only and answers their labels and coordinates', async () => {
    const many = Array.from({ length: GEOCODE_LIMIT + 2 }, (_, i) => hit(`${i} Downing Street`, '51.5034', '-0.1276'));
    answer = { status: 200, body: JSON.stringify([hit('10 Downing Street, London', '51.50344', '-0.12770'), ...many]) };
    const res = await t.call('GET', `/api/map/geocode?q=${encodeURIComponent(' 10 Downing St ')}`, { token: viewer });
    expect(res.status).toBe(200);
    const data = res.body.data as unknown[];
    expect(data).toHaveLength(GEOCODE_LIMIT);
    expect(data[0]).toEqual({ label: '10 Downing Street, London', latitude: 51.50344, longitude: -0.1277 });
    expect(asked).toHaveLength(1);
    const url = asked[0] as URL;
    expect(url.pathname).toBe('/nominatim/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: '10 Downing St',
      format: 'jsonv2',
      countrycodes: 'gb',
      limit: String(GEOCODE_LIMIT),
    });
  });

  it('refuses a missing, short or long search with the field named, before asking anyone', async () => {
    for (const q of ['', '?q=ab', `?q=${'x'.repeat(201)}`]) {
      const res = await t.call('GET', `/api/map/geocode${q}`, { token: viewer });
      expect(res.status, q).toBe(400);
      expect(res.body.validationErrors?.q, q).toBeDefined();
    }
    expect(asked).toHaveLength(0);
  });

  it('needs a session, and is absent (404) without GEOCODER_URL', async () => {
    expect((await t.call('GET', '/api/map/geocode?q=London')).status).toBe(401);
    const res = await off.call('GET', '/api/map/geocode?q=London', { token: off.adminToken });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Address search not found');
  });

  it('answers 503 with a clear message when the geocoder fails or answers nonsense, dropping impossible points', async () => {
    for (const body of [
      { status: 500, body: 'oops' },
      { status: 200, body: '{"not":"a list"}' },
      { status: 200, body: '<html>' },
    ]) {
      answer = body;
      const res = await t.call('GET', '/api/map/geocode?q=London', { token: viewer });
      expect(res.status, body.body).toBe(503);
      expect(res.body.error).toBe('The address search is not available right now. Pick the point on the map.');
    }
    answer = { status: 200, body: JSON.stringify([hit('Nowhere', '123', '0'), hit('Leeds', '53.8', '-1.55')]) };
    const res = await t.call('GET', '/api/map/geocode?q=Leeds', { token: viewer });
    expect(res.body.data).toEqual([{ label: 'Leeds', latitude: 53.8, longitude: -1.55 }]);
  });

  it(`allows a user ${GEOCODE_PER_MINUTE} searches a minute, then 429`, async () => {
    const user = (await createUser(t, VIEWER_ROLE)).token;
    for (let i = 0; i < GEOCODE_PER_MINUTE; i++) {
      expect((await t.call('GET', '/api/map/geocode?q=London', { token: user })).status).toBe(200);
    }
    const refused = await t.call('GET', '/api/map/geocode?q=London', { token: user });
    expect(refused.status).toBe(429);
    expect(asked).toHaveLength(GEOCODE_PER_MINUTE);
    // Another user is counted apart.
    expect((await t.call('GET', '/api/map/geocode?q=London', { token: viewer })).status).toBe(200);
  });
});
