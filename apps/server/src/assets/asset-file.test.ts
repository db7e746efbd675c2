import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { assetFileUrl, getResource } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Context, create, createUser, ensure } from '../test/factory';
import { png, SVG } from '../test/images';
import { createTestApp, type TestApp } from '../test/test-app';
import { uploadAssets } from '../test/uploads';

/** GET /api/asset/file/:id: who may fetch a file, and how it is served (docs/api.md#assets). */
let t: TestApp;
const a: Context = {};
const b: Context = {};
let logoA: { id: number; path: string };
let svgA: { id: number; path: string };
let logoB: { id: number; path: string };
let viewerA: { id: number; token: string };
let viewerB: { id: number; token: string };

async function upload(ctx: Context, filename: string, bytes: Buffer | string, title: string) {
  const res = await uploadAssets(t, {
    groupId: ctx.group as number,
    clientId: ctx.client as number,
    titles: [title],
    files: [{ filename, bytes }],
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return (res.body.data as { id: number; path: string }[])[0] as { id: number; path: string };
}

/** A verified user whose role is bound to the client of `ctx` (role-client). */
async function clientViewer(ctx: Context) {
  const role = await t.call('POST', '/api/role', {
    token: t.adminToken,
    body: { title: `Viewer of client ${ctx.client}`, description: 'One client', accessLevel: 10 },
  });
  const roleId = (role.body.data as { id: number }).id;
  await create(t, getResource('role-client'), { ...ctx, role: roleId });
  return createUser(t, roleId);
}

const fetchFile = (id: number, token?: string, headers?: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url: assetFileUrl(id),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });

beforeAll(async () => {
  t = await createTestApp();
  await ensure(t, 'client', a);
  await ensure(t, 'client', b);
  logoA = await upload(a, 'logo.png', png(), 'Logo A');
  svgA = await upload(a, 'mark.svg', SVG.replace('<rect ', '<rect onclick="alert(1)" '), 'Mark ünïcode "quoted"');
  logoB = await upload(b, 'logo.png', png([255, 0, 0, 255]), 'Logo B');
  viewerA = await clientViewer(a);
  viewerB = await clientViewer(b);
});
afterAll(() => t?.close());

describe('GET /api/asset/file/:id', () => {
  it('serves the stored bytes with the stored type, inert and cacheable', async () => {
    const res = await fetchFile(logoA.id, t.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(png());
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(png().length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'cache-control': 'private, max-age=3600',
      etag: `"${logoA.path}"`,
      'content-disposition': `inline; filename="Logo A.png"; filename*=UTF-8''Logo%20A.png`,
    });
    const again = await fetchFile(logoA.id, t.adminToken, { 'if-none-match': `"${logoA.path}"` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const listed = await fetchFile(logoA.id, t.adminToken, { 'if-none-match': `"other", W/"${logoA.path}"` });
    expect(listed.statusCode).toBe(304);
    expect((await fetchFile(logoA.id, t.adminToken, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('serves an SVG as sanitised, under a policy that runs nothing, its title kept out of the header syntax', async () => {
    const res = await fetchFile(svgA.id, t.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.body).toContain('<rect');
    expect(res.body).not.toContain('onclick');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="Mark _n_code _quoted_.svg"; filename*=UTF-8''Mark%20%C3%BCn%C3%AFcode%20%22quoted%22.svg`,
    );
  });

  it("is for callers whose scope covers the asset's client: another client's viewer gets 404", async () => {
    expect((await fetchFile(logoA.id, viewerA.token)).statusCode).toBe(200);
    expect((await fetchFile(svgA.id, viewerA.token)).statusCode).toBe(200);
    expect((await fetchFile(logoB.id, viewerB.token)).statusCode).toBe(200);
    const other = await fetchFile(logoA.id, viewerB.token);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ success: false, error: 'Asset not found' });
    expect((await fetchFile(logoB.id, viewerA.token)).statusCode).toBe(404);
  });

  it('answers 401 signed out, whether or not the id exists; 404 to a signed-in caller for a missing id', async () => {
    expect((await fetchFile(logoA.id)).statusCode).toBe(401);
    expect((await fetchFile(2_000_000)).statusCode).toBe(401);
    expect((await fetchFile(2_000_000, t.adminToken)).statusCode).toBe(404);
    expect((await fetchFile(logoA.id, 'not-a-token')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/asset/file/abc', { token: t.adminToken })).status).toBe(400);
  });

  it('lets a user fetch their own picture, whatever their scope', async () => {
    const role = await t.call('POST', '/api/role', {
      token: t.adminToken,
      body: { title: 'No scope', description: 'Bound to nothing', accessLevel: 10 },
    });
    const user = await createUser(t, (role.body.data as { id: number }).id);
    expect((await fetchFile(logoB.id, user.token)).statusCode).toBe(404);
    const set = await t.call('PUT', `/api/user/${user.id}`, { token: t.adminToken, body: { assetId: logoB.id } });
    expect(set.status).toBe(200);
    expect((await fetchFile(logoB.id, user.token)).statusCode).toBe(200);
    expect((await fetchFile(logoA.id, user.token)).statusCode).toBe(404);
  });

  it('serves the logos and favicon of an active configuration to anyone, as public as the theme', async () => {
    const c: Context = {};
    await ensure(t, 'client', c);
    const logo = await upload(c, 'brand.png', png(), 'Brand');
    const unused = await upload(c, 'spare.png', png(), 'Spare');
    const config = await create(t, getResource('configuration'), c, { primaryLogo: logo.id, favicon: logo.id });

    const group = (await t.call('GET', `/api/group/${c.group}`, { token: t.adminToken })).body.data as {
      shortcode: string;
    };
    const client = (await t.call('GET', `/api/client/${c.client}`, { token: t.adminToken })).body.data as {
      shortcode: string;
    };
    const theme = await t.call('GET', `/api/configuration/${group.shortcode}/${client.shortcode}`);
    expect(theme.body.data).toMatchObject({
      primaryLogo: `/api/asset/file/${logo.id}`,
      secondaryLogo: null,
      favicon: `/api/asset/file/${logo.id}`,
    });

    const open = await fetchFile(logo.id);
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('public, max-age=3600');
    expect(open.rawPayload).toEqual(png());
    expect((await fetchFile(unused.id)).statusCode).toBe(401);

    // A configuration switched off shows no theme, so its images are no longer public.
    await t.call('PUT', `/api/configuration/${config}`, { token: t.adminToken, body: { active: false } });
    expect((await fetchFile(logo.id)).statusCode).toBe(401);
    expect((await fetchFile(logo.id, t.adminToken)).headers['cache-control']).toBe('private, max-age=3600');
  });

  it('answers 404 when the file has gone from ASSET_DIR (a wrong setting), not 500', async () => {
    const lost = await upload(a, 'lost.png', png(), 'Lost');
    rmSync(join(t.config.ASSET_DIR, lost.path));
    expect((await fetchFile(lost.id, t.adminToken)).statusCode).toBe(404);
  });
});
