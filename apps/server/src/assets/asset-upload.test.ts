import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ASSET_MAX_BYTES, MESSAGES, quotaMessage, tooLargeMessage, typeRejectedMessage } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Context, createUser, ensure } from '../test/factory';
import { ELF, jpeg, png, pngChunk, SVG, webp } from '../test/images';
import { createTestApp, type TestApp } from '../test/test-app';
import { assetCount, filesOnDisk, multipartBody, uploadAssets } from '../test/uploads';
import { MAX_SVG_TAGS } from './svg-sanitiser';

/** POST /api/asset through the real server, database and disk (docs/api.md#assets). */
let t: TestApp;
let ctx: Context;
beforeAll(async () => {
  // A quota of 6 MB: one 5 MB file fits, a second large one does not.
  t = await createTestApp({ ASSET_QUOTA_MB: '6' });
  ctx = {};
  await ensure(t, 'client', ctx);
});
afterAll(() => t?.close());

const form = (files: { filename: string; bytes: Buffer | string }[], titles?: string[]) => ({
  groupId: ctx.group as number,
  clientId: ctx.client as number,
  files,
  ...(titles ? { titles } : {}),
});

/** Starting the SVG sanitiser's thread (tsx, then jsdom) takes seconds on a busy machine; nothing here is about time. */
const SLOW_START = { timeout: 120_000 };

/** A PNG of exactly `size` bytes: a 1x1 image with an ancillary chunk of zeros to fill it. */
const pngOfSize = (size: number) => png(undefined, [pngChunk('zeRo', Buffer.alloc(size - png().length - 12))]);

/** Nothing of a refused upload may stay: no row, no file (final or temporary). */
async function expectNothingStored(before: { rows: number; files: string[] }) {
  expect(await assetCount(t)).toBe(before.rows);
  expect(filesOnDisk(t)).toEqual(before.files);
}
const snapshot = async () => ({ rows: await assetCount(t), files: filesOnDisk(t) });

describe('POST /api/asset', () => {
  it.each([
    ['logo.png', png(), 'png', 'image/png'],
    ['photo.jpeg', jpeg(), 'jpg', 'image/jpeg'],
    ['icon.webp', webp(), 'webp', 'image/webp'],
  ])('stores %s as it was sent, typed by its bytes', async (filename, bytes, extension, mime) => {
    const res = await uploadAssets(t, form([{ filename, bytes }], [`Title of ${filename}`]));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = res.body.data as Record<string, unknown>[];
    expect(row).toMatchObject({
      groupId: ctx.group,
      clientId: ctx.client,
      title: `Title of ${filename}`,
      extension,
      mime,
      path: expect.stringMatching(new RegExp(`^[0-9a-f-]{36}\\.${extension}$`)),
      groupTitle: expect.any(String),
      clientTitle: expect.any(String),
      created: expect.any(String),
    });
    expect(readFileSync(join(t.config.ASSET_DIR, row?.path as string))).toEqual(bytes);
    const [stored] = await t.db.query<{ size_bytes: string | number }>('SELECT size_bytes FROM asset WHERE id = $1', [
      row?.id as number,
    ]);
    expect(Number(stored?.size_bytes)).toBe(bytes.length);
  });

  it('stores an SVG sanitised, whatever its name says', SLOW_START, async () => {
    const hostile = SVG.replace('<rect ', '<script>alert(1)</script><rect onclick="alert(2)" ');
    const res = await uploadAssets(t, form([{ filename: 'drawing.png', bytes: hostile }], ['Drawing']));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = res.body.data as { path: string; extension: string; mime: string }[];
    expect(row).toMatchObject({ extension: 'svg', mime: 'image/svg+xml' });
    const stored = readFileSync(join(t.config.ASSET_DIR, row?.path as string), 'utf8');
    expect(stored).toContain('<rect');
    expect(stored).not.toContain('script');
    expect(stored).not.toContain('alert');
  });

  it('refuses a drawing too big to check, with its own message', async () => {
    const before = await snapshot();
    const crowded = SVG.replace('<rect ', `${'<circle r="1"/>'.repeat(MAX_SVG_TAGS)}<rect `);
    const res = await uploadAssets(t, form([{ filename: 'crowded.svg', bytes: crowded }], ['Crowded']));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(
      '"crowded.svg" is too complex a drawing to check. Please simplify it, or upload it as a PNG.',
    );
    await expectNothingStored(before);
  });

  it('stores several files with a title each, in order', async () => {
    const res = await uploadAssets(
      t,
      form(
        [
          { filename: 'a.png', bytes: png() },
          { filename: 'b.svg', bytes: SVG },
        ],
        ['First', 'Second'],
      ),
    );
    expect(res.status).toBe(201);
    expect((res.body.data as { title: string; extension: string }[]).map((r) => [r.title, r.extension])).toEqual([
      ['First', 'png'],
      ['Second', 'svg'],
    ]);
  });

  it('refuses a renamed executable with the spec message, storing nothing', async () => {
    const before = await snapshot();
    const res = await uploadAssets(t, form([{ filename: 'logo.png', bytes: ELF }], ['Logo']));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(
      '"logo.png" type rejected. Accepted file types for this field are: .png, .jpg, .jpeg, .svg, .webp',
    );
    expect(res.body.validationErrors?.assets).toEqual([typeRejectedMessage('logo.png')]);
    await expectNothingStored(before);
  });

  it('refuses a polyglot (a PNG with a page after its end), and the good file sent with it', async () => {
    const before = await snapshot();
    const polyglot = Buffer.concat([png(), Buffer.from('<html><script>alert(1)</script></html>')]);
    const res = await uploadAssets(
      t,
      form(
        [
          { filename: 'fine.png', bytes: png() },
          { filename: 'sneaky.png', bytes: polyglot },
        ],
        ['Fine', 'Sneaky'],
      ),
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(typeRejectedMessage('sneaky.png'));
    await expectNothingStored(before);
  });

  it('takes a file of exactly 5 MB and refuses 5 MB + 1 byte with 413, storing nothing', async () => {
    const other: Context = {};
    await ensure(t, 'client', other);
    const exact = await uploadAssets(t, {
      groupId: other.group as number,
      clientId: other.client as number,
      titles: ['Exactly 5 MB'],
      files: [{ filename: 'exact.png', bytes: pngOfSize(ASSET_MAX_BYTES) }],
    });
    expect(exact.status, JSON.stringify(exact.body)).toBe(201);

    const before = await snapshot();
    const res = await uploadAssets(
      t,
      form([{ filename: 'huge.png', bytes: pngOfSize(ASSET_MAX_BYTES + 1) }], ['Huge']),
    );
    expect(res.status).toBe(413);
    expect(res.body.error).toBe(tooLargeMessage('huge.png'));
    await expectNothingStored(before);
  });

  it("keeps a client's files within ASSET_QUOTA_MB, other clients untouched", async () => {
    const full: Context = {};
    await ensure(t, 'client', full);
    const upload = (c: Context, size: number) =>
      uploadAssets(t, {
        groupId: c.group as number,
        clientId: c.client as number,
        titles: [`${size} bytes`],
        files: [{ filename: 'big.png', bytes: pngOfSize(size) }],
      });
    expect((await upload(full, 4 * 1024 * 1024)).status).toBe(201);
    const before = await snapshot();
    const over = await upload(full, 3 * 1024 * 1024);
    expect(over.status).toBe(413);
    expect(over.body.error).toBe(quotaMessage(6 * 1024 * 1024));
    expect(over.body.error).toBe("This client's files would exceed its 6 MB quota. Please delete some assets first.");
    await expectNothingStored(before);
    // Up to the quota exactly still fits.
    expect((await upload(full, 2 * 1024 * 1024)).status).toBe(201);
    const elsewhere: Context = {};
    await ensure(t, 'client', elsewhere);
    expect((await upload(elsewhere, 3 * 1024 * 1024)).status).toBe(201);
  });

  it('checks the form as every admin form: group, client under group, a title per file', async () => {
    const before = await snapshot();
    const file = { filename: 'a.png', bytes: png() };
    const noTitle = await uploadAssets(t, form([file], ['  ']));
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.validationErrors?.title).toEqual([MESSAGES.required]);

    const long = await uploadAssets(t, form([file], ['x'.repeat(201)]));
    expect(long.status).toBe(400);
    expect(long.body.validationErrors?.title).toEqual([MESSAGES.tooLong(200)]);

    const titles = await uploadAssets(t, form([file, file, file], ['One', 'Two']));
    expect(titles.status).toBe(400);
    expect(titles.body.validationErrors?.title?.[0]).toMatch(/one title, or one per image/);

    const otherGroup: Context = {};
    await ensure(t, 'group', otherGroup);
    const wrongGroup = await uploadAssets(t, { ...form([file], ['T']), groupId: otherGroup.group as number });
    expect(wrongGroup.status).toBe(400);
    expect(wrongGroup.body.validationErrors?.clientId?.[0]).toMatch(/does not belong to the chosen group/);

    const missing = await uploadAssets(t, { ...form([file], ['T']), clientId: 2_000_000 });
    expect(missing.status).toBe(400);
    expect(missing.body.validationErrors?.clientId?.[0]).toMatch(/does not exist/);

    const { payload, contentType } = multipartBody([['title', 'No ids']], [file]);
    const noIds = await t.call('POST', '/api/asset', {
      token: t.adminToken,
      body: payload,
      headers: { 'content-type': contentType },
    });
    expect(noIds.status).toBe(400);
    expect(noIds.body.validationErrors).toMatchObject({ groupId: [MESSAGES.required], clientId: [MESSAGES.required] });

    const noFiles = await uploadAssets(t, form([], ['T']));
    expect(noFiles.status).toBe(400);
    expect(noFiles.body.validationErrors?.assets).toEqual(['Please choose at least one image']);
    await expectNothingStored(before);
  });

  it('leaves nothing behind when the body stops in the middle of a file', async () => {
    const before = await snapshot();
    const { payload, contentType } = multipartBody(
      [
        ['groupId', ctx.group as number],
        ['clientId', ctx.client as number],
        ['title', 'Cut'],
      ],
      [{ filename: 'cut.png', bytes: pngOfSize(200_000) }],
    );
    const res = await t.call('POST', '/api/asset', {
      token: t.adminToken,
      body: payload.subarray(0, 100_000),
      headers: { 'content-type': contentType },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The upload was incomplete. Please try again.');
    await expectNothingStored(before);
  });

  it('answers 4xx, never 5xx, to a body that is not a form of images', async () => {
    const before = await snapshot();
    const json = await t.call('POST', '/api/asset', { token: t.adminToken, body: { title: 'x' } });
    expect(json.status).toBe(415);
    const { payload, contentType } = multipartBody(
      [['title', 'x']],
      [{ filename: 'a.png', bytes: png(), field: 'file' }],
    );
    const field = await t.call('POST', '/api/asset', {
      token: t.adminToken,
      body: payload,
      headers: { 'content-type': contentType },
    });
    expect(field.status).toBe(400);
    expect(field.body.validationErrors?.assets).toEqual(['Please send the images as assets[]']);
    const many = await uploadAssets(
      t,
      form(Array.from({ length: 21 }, (_, i) => ({ filename: `${i}.png`, bytes: png() }))),
    );
    expect(many.status).toBe(413);
    expect(many.body.error).toBe('Please upload at most 20 images at a time.');
    await expectNothingStored(before);
  });

  it('is for administrators only', async () => {
    const before = await snapshot();
    const [role] = await t.db.query<{ id: number }>(`SELECT id FROM role WHERE title = 'Viewer'`);
    const viewer = await createUser(t, role?.id as number);
    const file = { filename: 'a.png', bytes: png() };
    expect((await uploadAssets(t, { ...form([file], ['T']), token: viewer.token })).status).toBe(403);
    const { payload, contentType } = multipartBody([['title', 'x']], [file]);
    const anonymous = await t.call('POST', '/api/asset', { body: payload, headers: { 'content-type': contentType } });
    expect(anonymous.status).toBe(401);
    await expectNothingStored(before);
  });
});
