import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { CSP_NONCE_PLACEHOLDER, DEFAULT_THEME, PAGE_THEME_ELEMENT_ID } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Context, ensure } from '../test/factory';
import { createTestApp, type TestApp } from '../test/test-app';
import { IMMUTABLE, REVALIDATE, themeElement } from './web-app';

// A build as Vite lays it out, with the copies the precompress step writes beside each asset.
const dist = mkdtempSync(join(tmpdir(), 'greenpod-dist-'));
const script = `console.log(${JSON.stringify('greenpod '.repeat(300))});`;
// As Vite writes it with html.cspNonce; the .br/.gz copies stand for an older build's, never to be served.
const html = `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"></head><body><div id="root"></div>${'<!-- build -->'.repeat(100)}</body></html>`;
let t: TestApp;

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  const write = (name: string, body: string) => {
    writeFileSync(join(dist, name), body);
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(body));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(body));
  };
  write('index.html', html);
  write('assets/index-Bx7kQ2aZ.js', script);
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding = 'br, gzip') =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

describe('the built web app', () => {
  it('serves a hashed asset precompressed and cached as immutable', async () => {
    const br = await get('/assets/index-Bx7kQ2aZ.js');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);

    expect((await get('/assets/index-Bx7kQ2aZ.js', 'gzip')).headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/index-Bx7kQ2aZ.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('revalidates index.html, also when it answers a client route', async () => {
    for (const url of ['/', '/location/3', '/admin/pod']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    }
  });

  it('sends the shell with a fresh style nonce, in its CSP and in the page, and no unsafe-inline', async () => {
    const nonces = new Set<string>();
    for (const url of ['/', '/index.html', '/user/login', '/location/3']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      const csp = String(res.headers['content-security-policy']);
      const styleSrc = csp.split(';').find((d) => d.trim().startsWith('style-src ')) ?? '';
      const nonce = /'nonce-([A-Za-z0-9+/=]{22,})'/.exec(styleSrc)?.[1];
      expect(nonce, `${url}: ${csp}`).toBeDefined();
      expect(csp, url).not.toContain('unsafe-inline');
      expect(csp, url).toMatch(/script-src 'self';/);
      expect(res.body, url).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      expect(res.body, url).not.toContain(CSP_NONCE_PLACEHOLDER);
      nonces.add(nonce as string);
    }
    expect(nonces.size).toBe(4);
    // Other responses (the API's JSON) have no nonce and no unsafe-inline either.
    const api = await get('/api/no-such-route');
    expect(api.headers['content-security-policy']).toMatch(/style-src 'self';/);
  });

  it("carries a client's theme in the page of its link, and of sign-in on the way there; no other page has one", async () => {
    const ctx: Context = {};
    await ensure(t, 'configuration', ctx);
    await t.call('PUT', `/api/configuration/${ctx.configuration}`, {
      token: t.adminToken,
      body: { primaryActionColor: '#d4a24c' },
    });
    const shortcode = async (entity: string, id?: number) =>
      ((await t.call('GET', `/api/${entity}/${id}`, { token: t.adminToken })).body.data as { shortcode: string })
        .shortcode;
    const [g, c] = [await shortcode('group', ctx.group), await shortcode('client', ctx.client)];
    const carried = (body: string) =>
      new RegExp(`<script type="application/json" id="${PAGE_THEME_ELEMENT_ID}">(.*?)</script></head>`).exec(body)?.[1];

    for (const url of [
      `/${g}/${c}`,
      `/${g}/${c}/liveperformance`,
      `/user/login?next=${encodeURIComponent(`/${g}/${c}`)}`,
    ]) {
      const page = carried((await get(url)).body);
      expect(page, url).toBeDefined();
      expect(JSON.parse(page ?? ''), url).toEqual({
        groupShortcode: g,
        clientShortcode: c,
        theme: expect.objectContaining({ primaryActionColor: '#d4a24c' }),
      });
    }
    // Not a client's link, or shortcodes of no client: the app asks, as before.
    for (const url of ['/', `/${g}/AAAAAAAAAAAA`, `/${g}/${c}/alerts`, `/user/login?next=//${g}/${c}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(carried(res.body), url).toBeUndefined();
    }
  });

  it('writes the theme so that no value can end its element', () => {
    const theme = { ...DEFAULT_THEME, primaryLogo: '/x</script><script>alert(1)</script>' };
    const element = themeElement({ groupShortcode: 'g', clientShortcode: 'c', theme });
    expect(element.match(/<\/script>/g)).toHaveLength(1);
    const json = element.slice(element.indexOf('>') + 1, -'</script>'.length);
    expect(JSON.parse(json).theme.primaryLogo).toBe(theme.primaryLogo);
  });

  it('answers a missing asset with 404, not the HTML page a browser would cache as script', async () => {
    const res = await get('/assets/index-Old00000.js');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});
