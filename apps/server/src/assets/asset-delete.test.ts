import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getResource } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepIncoming } from '../asset-files';
import { buildBody, type Context, create, ensure } from '../test/factory';
import { png } from '../test/images';
import { createTestApp, type TestApp } from '../test/test-app';
import { uploadAssets } from '../test/uploads';

/** DELETE /api/asset/:id (the generic delete) and what an upload that never finished left (docs/domain.md#assets). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function upload(ctx: Context) {
  await ensure(t, 'client', ctx);
  const res = await uploadAssets(t, {
    groupId: ctx.group as number,
    clientId: ctx.client as number,
    titles: ['Logo'],
    files: [{ filename: 'logo.png', bytes: png() }],
  });
  const [row] = res.body.data as { id: number; path: string }[];
  if (!row) throw new Error(JSON.stringify(res.body));
  return { ...row, file: join(t.config.ASSET_DIR, row.path) };
}

describe('DELETE /api/asset/:id', () => {
  it('removes the row and then its file', async () => {
    const logo = await upload({});
    expect(existsSync(logo.file)).toBe(true);
    const res = await t.call('DELETE', `/api/asset/${logo.id}`, { token: t.adminToken });
    expect(res.status).toBe(200);
    expect((await t.call('GET', `/api/asset/${logo.id}`, { token: t.adminToken })).status).toBe(404);
    expect(existsSync(logo.file)).toBe(false);
    expect((await t.call('GET', `/api/asset/file/${logo.id}`, { token: t.adminToken })).status).toBe(404);
  });

  it('answers 409 while a configuration names it, keeping row and file, and deletes once it is released', async () => {
    const ctx: Context = {};
    const logo = await upload(ctx);
    const config = await create(t, getResource('configuration'), ctx, { primaryLogo: logo.id, favicon: logo.id });

    const preview = await t.call('GET', `/api/delete-preview/asset/${logo.id}`, { token: t.adminToken });
    expect(preview.body.data).toEqual({ deletes: [], blockedBy: [{ label: 'configuration', count: 1 }] });
    const refused = await t.call('DELETE', `/api/asset/${logo.id}`, { token: t.adminToken });
    expect(refused.status).toBe(409);
    // Named twice by one configuration, counted once.
    expect(refused.body.error).toBe('This asset cannot be deleted: 1 configuration still depend on it');
    expect(existsSync(logo.file)).toBe(true);
    expect((await t.call('GET', `/api/asset/${logo.id}`, { token: t.adminToken })).status).toBe(200);

    await t.call('PUT', `/api/configuration/${config}`, {
      token: t.adminToken,
      body: { primaryLogo: null, favicon: null },
    });
    expect((await t.call('DELETE', `/api/asset/${logo.id}`, { token: t.adminToken })).status).toBe(200);
    expect(existsSync(logo.file)).toBe(false);
  });

  it("answers 409 while it is a user's picture", async () => {
    const logo = await upload({});
    const user = await ensure(t, 'user', {});
    await t.call('PUT', `/api/user/${user}`, { token: t.adminToken, body: { assetId: logo.id } });
    const refused = await t.call('DELETE', `/api/asset/${logo.id}`, { token: t.adminToken });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('This asset cannot be deleted: 1 user still depend on it');
    expect(existsSync(logo.file)).toBe(true);
  });
});

describe("a configuration's images", () => {
  it('are assets of its own client', async () => {
    const other = await upload({});
    const ctx: Context = {};
    await ensure(t, 'client', ctx);
    const body = { ...(await buildBody(t, getResource('configuration'), ctx)), primaryLogo: other.id };
    const res = await t.call('POST', '/api/configuration', { token: t.adminToken, body });
    expect(res.status).toBe(400);
    expect(res.body.validationErrors?.primaryLogo).toEqual(['This primary logo does not belong to the chosen client']);
  });
});

describe('sweepIncoming', () => {
  it('removes what an upload that died mid-way left, once it is old enough to be nobody else’s', async () => {
    const dir = join(t.config.ASSET_DIR, '.incoming');
    mkdirSync(dir, { recursive: true });
    const old = join(dir, 'old.part');
    const young = join(dir, 'young.part');
    writeFileSync(old, 'x');
    writeFileSync(young, 'y');
    const now = Date.now();
    utimesSync(old, new Date(now - 2 * 3_600_000), new Date(now - 2 * 3_600_000));
    utimesSync(young, new Date(now - 60_000), new Date(now - 60_000));
    expect(await sweepIncoming(t.config.ASSET_DIR, 3_600_000, now)).toBe(1);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(young)).toBe(true);
  });
});
