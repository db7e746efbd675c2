import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RESOURCE_BY_NAME, type Resource } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, createUser } from '../test/factory';
import { createTestApp, type TestApp } from '../test/test-app';
import { openMeteo } from './open-meteo';
import { describeWeatherCode } from './weather';
import { FAILURE_TTL_MS, WEATHER_TTL_MS, WeatherCache } from './weather-cache';

// A local stand-in for Open-Meteo that answers as it does and counts the calls per latitude.
let stub: Server;
let stubUrl: string;
const calls: string[] = [];
let down = false;
beforeAll(async () => {
  stub = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    calls.push(url.searchParams.get('latitude') ?? '');
    if (down || url.pathname !== '/v1/forecast') {
      res.writeHead(503).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        current: { time: '2026-11-25T10:00', temperature_2m: 24.26, weather_code: 2 },
        daily: {
          time: ['2026-11-25', '2026-11-26'],
          weather_code: [2, 61],
          temperature_2m_max: [27.1, 25.04],
          temperature_2m_min: [19.9, 18.96],
        },
      }),
    );
  });
  await new Promise<void>((ok) => stub.listen(0, '127.0.0.1', ok));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((ok) => stub.close(ok)));

const LOCATION = RESOURCE_BY_NAME.get('location') as Resource;
const POD = RESOURCE_BY_NAME.get('pod') as Resource;
const VIEWER_ROLE = 2;
const silent = { warn: () => undefined } as unknown as ConstructorParameters<typeof WeatherCache>[1];

describe('weather', () => {
  it.each([
    [0, 'Clear'],
    [2, 'Partly cloudy'],
    [3, 'Overcast'],
    [45, 'Fog'],
    [53, 'Drizzle'],
    [63, 'Rain'],
    [81, 'Rain'],
    [73, 'Snow'],
    [95, 'Thunderstorm'],
  ])('names WMO code %i %s', (code, text) => expect(describeWeatherCode(code)).toBe(text));

  it("reads the current temperature and tomorrow's outlook from Open-Meteo's answer", async () => {
    expect(await openMeteo(stubUrl).current('Dubai')).toEqual({
      city: 'Dubai',
      temperature: 24.3,
      condition: 'Partly cloudy',
      forecast: { condition: 'Rain', min: 19, max: 25 },
    });
  });

  it('asks once per city per 30 minutes, and remembers a failure for 5 minutes', async () => {
    let now = 1_000_000;
    const cache = new WeatherCache(openMeteo(stubUrl), silent, () => now);
    calls.length = 0;
    const [a, b] = await Promise.all([cache.get('London'), cache.get('London')]);
    expect(a).toEqual(b);
    await cache.get('Porto');
    expect(calls).toHaveLength(2);
    now += WEATHER_TTL_MS - 1;
    await cache.get('London');
    expect(calls).toHaveLength(2);
    now += 2;
    down = true;
    expect(await cache.get('London')).toBeNull();
    expect(calls).toHaveLength(3);
    down = false;
    now += FAILURE_TTL_MS - 1;
    expect(await cache.get('London')).toBeNull();
    now += 2;
    expect(await cache.get('London')).not.toBeNull();
    expect(calls).toHaveLength(4);
  });

  it('gives up on an unreachable service quickly, as on a machine without internet', async () => {
    const closed = createServer();
    await new Promise<void>((ok) => closed.listen(0, '127.0.0.1', ok));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((ok) => closed.close(ok));
    const cache = new WeatherCache(openMeteo(`http://127.0.0.1:${port}`), silent);
    const started = Date.now();
    expect(await cache.get('Athens')).toBeNull();
    expect(Date.now() - started).toBeLessThan(2500);
  });
});

describe('GET /api/weather', () => {
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEATHER_URL: stubUrl });
    off = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await off?.close();
  });

  it("answers the weather at the location's city, null when weather is off, 404 outside the caller's scope", async () => {
    const location = { id: await create(t, LOCATION, {}, { city: 'Athens' }) };
    const res = await t.call('GET', `/api/weather?locationId=${location.id}`, { token: t.adminToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ city: 'Athens', temperature: 24.3 });

    const place: Record<string, number> = {};
    const there = { id: await create(off, LOCATION, place, { city: 'Athens' }) };
    place.location = there.id;
    const none = await off.call('GET', `/api/weather?locationId=${there.id}`, { token: off.adminToken });
    expect(none.body).toEqual({ success: true, data: null });

    // Without a weather service, the location's outdoor pod tells the temperature outside.
    const pod = await create(off, POD, place, { outdoor: true });
    await off.db.query(
      `INSERT INTO measurement_hourly (pod_id, sensor_type, bucket, count, sum, min, max)
       VALUES ($1, 'TEMPERATURE', date_trunc('hour', now()), 4, 26, 6, 7)`,
      [pod],
    );
    const outside = await off.call('GET', `/api/weather?locationId=${there.id}`, { token: off.adminToken });
    expect(outside.body.data).toEqual({ city: 'Athens', temperature: 6.5, condition: 'Outdoor pod', forecast: null });

    const viewer = (await createUser(t, VIEWER_ROLE)).token;
    expect((await t.call('GET', `/api/weather?locationId=${location.id}`, { token: viewer })).status).toBe(404);
    expect((await t.call('GET', '/api/weather?locationId=abc', { token: viewer })).status).toBe(400);
    expect((await t.call('GET', `/api/weather?locationId=${location.id}`)).status).toBe(401);
  });
});
