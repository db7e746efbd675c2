import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL, tileOrigin } from '../http/tile-url';
import { createUser } from '../test/factory';
import { createTestApp, type TestApp } from '../test/test-app';

const VIEWER_ROLE = 2;
const imgSrc = (csp: unknown) =>
  String(csp)
    .split(';')
    .find((d) => d.trim().startsWith('img-src'))
    ?.trim();

describe('map tile settings', () => {
  it.each([
    [DEFAULT_TILE_URL, 'https://tile.openstreetmap.org'],
    ['https://{s}.tile.example.org/{z}/{x}/{y}.png', 'https://*.tile.example.org'],
    ['http://Tiles.LAN:8081/osm/{z}/{x}/{y}.png?key=1', 'http://tiles.lan:8081'],
    ['https://tiles{s}.example.org/{z}/{x}/{y}.png', undefined],
    ['ftp://tiles.example.org/{z}/{x}/{y}.png', undefined],
    ["https://tiles.example.org'; script-src *;/{z}/{x}/{y}.png", undefined],
  ])('%s loads images from %s', (template, origin) => {
    expect(tileOrigin(template)).toBe(origin);
  });

  it('reads MAP_TILE_URL, where empty turns tiles off and a template without {z}/{x}/{y} stops the server', () => {
    expect(loadConfig({}).MAP_TILE_URL).toBe(DEFAULT_TILE_URL);
    expect(loadConfig({ MAP_TILE_URL: '' }).MAP_TILE_URL).toBe('');
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.org/tile.png' })).toThrow(ConfigError);
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.org/tile.png' })).toThrow(/MAP_TILE_URL: must be/);
    expect(() => loadConfig({ GEOCODER_URL: 'file:///etc/passwd' })).toThrow(/GEOCODER_URL/);
    expect(loadConfig({ WEATHER_URL: '' }).WEATHER_URL).toBe('');
  });
});

describe('GET /api/map/settings', () => {
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ GEOCODER_URL: 'http://127.0.0.1:9/nominatim' });
    off = await createTestApp({ MAP_TILE_URL: '', MAP_TILE_ATTRIBUTION: 'Tiles by nobody' });
  });
  afterAll(async () => {
    await t?.close();
    await off?.close();
  });

  it('tells any signed-in user the tiles, their credit and whether the search is on; 401 without a session', async () => {
    const viewer = (await createUser(t, VIEWER_ROLE)).token;
    const res = await t.call('GET', '/api/map/settings', { token: viewer });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ tileUrl: DEFAULT_TILE_URL, attribution: DEFAULT_TILE_ATTRIBUTION, geocoder: true });
    expect((await t.call('GET', '/api/map/settings')).status).toBe(401);

    const none = await off.call('GET', '/api/map/settings', { token: off.adminToken });
    expect(none.body.data).toEqual({ tileUrl: '', attribution: 'Tiles by nobody', geocoder: false });
  });

  it("lets pages load images from the tile server's origin and no other", async () => {
    const res = await t.call('GET', '/api/map/settings', { token: t.adminToken });
    expect(imgSrc(res.headers['content-security-policy'])).toBe(
      "img-src 'self' data: blob: https://tile.openstreetmap.org",
    );
    const none = await off.call('GET', '/api/map/settings', { token: off.adminToken });
    expect(imgSrc(none.headers['content-security-policy'])).toBe("img-src 'self' data: blob:");
  });
});
