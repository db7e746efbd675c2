import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_THEME, getResource } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Context, create, ensure } from '../test/factory';
import { jpeg, png, SVG } from '../test/images';
import { createTestApp, type TestApp } from '../test/test-app';
import { uploadAssets } from '../test/uploads';
import { reportLook } from './report-look';

/** The PDF's look: the client's title, primary colour and primary logo read from ASSET_DIR (docs/domain.md#reports). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A client whose active configuration names an uploaded file as its primary logo. */
async function clientWithLogo(filename: string, bytes: Buffer | string) {
  const ctx: Context = {};
  await ensure(t, 'client', ctx);
  const res = await uploadAssets(t, {
    groupId: ctx.group as number,
    clientId: ctx.client as number,
    files: [{ filename, bytes }],
  });
  const [logo] = res.body.data as { id: number; path: string }[];
  if (!logo) throw new Error(JSON.stringify(res.body));
  await create(t, getResource('configuration'), ctx, { primaryLogo: logo.id, primaryActionColor: '#123456' });
  return { clientId: ctx.client as number, logo };
}

describe('reportLook', () => {
  it.each([
    ['a PNG', 'logo.png', png()],
    ['a JPEG', 'logo.jpg', jpeg()],
  ])('draws %s logo with the configuration colour', async (_, filename, bytes) => {
    const { clientId } = await clientWithLogo(filename, bytes);
    const look = await reportLook(t.db, clientId, t.config.ASSET_DIR);
    expect(look.primaryColour).toBe('#123456');
    expect(look.logo).toEqual(bytes);
  });

  // Its SVG starts the sanitiser's thread (tsx, then jsdom): seconds on a busy machine.
  it('writes the title instead of an SVG logo (the PDF draws PNG and JPEG only) or a missing file', {
    timeout: 120_000,
  }, async () => {
    const svg = await clientWithLogo('logo.svg', SVG);
    expect((await reportLook(t.db, svg.clientId, t.config.ASSET_DIR)).logo).toBeNull();
    const lost = await clientWithLogo('logo.png', png());
    rmSync(join(t.config.ASSET_DIR, lost.logo.path));
    const look = await reportLook(t.db, lost.clientId, t.config.ASSET_DIR);
    expect(look.logo).toBeNull();
    expect(look.clientTitle).not.toBe('');
  });

  it("uses Greenpod's colour and no logo for a client without a configuration", async () => {
    const ctx: Context = {};
    const clientId = await ensure(t, 'client', ctx);
    expect(await reportLook(t.db, clientId, t.config.ASSET_DIR)).toMatchObject({
      primaryColour: DEFAULT_THEME.primaryActionColor,
      logo: null,
    });
  });
});
