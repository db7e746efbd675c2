import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Context, ensure } from '../test/factory';
import { ELF, jpeg, png, SVG, webp } from '../test/images';
import { createTestApp, type TestApp } from '../test/test-app';
import { assetCount, filesOnDisk, multipartBody } from '../test/uploads';

/** Random forms, files and broken bodies on POST /api/asset: never a 5xx, and a refusal stores nothing. */
let t: TestApp;
const ctx: Context = {};
beforeAll(async () => {
  t = await createTestApp();
  await ensure(t, 'client', ctx);
});
afterAll(() => t?.close());

const text = fc.string({ unit: 'binary', maxLength: 12 });
/** The real group's or client's id most of the time, so many forms get as far as the files. */
const id = (real: () => number) =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constant(null).map(() => String(real())) },
    { weight: 1, arbitrary: fc.constantFrom('0', '-1', '1.5', 'abc', '99999999999', '') },
    { weight: 1, arbitrary: text },
  );
// Real images, each possibly cut short or with bytes flipped or added.
const file = fc.record({
  bytes: fc
    .tuple(
      fc.constantFrom(png(), jpeg(), webp(), Buffer.from(SVG), ELF, Buffer.from('<html><script>x</script>')),
      fc.oneof(
        fc.constant<[string, number]>(['as is', 0]),
        fc.tuple(fc.constant('cut'), fc.nat()),
        fc.tuple(fc.constant('flip'), fc.nat()),
        fc.tuple(fc.constant('append'), fc.nat({ max: 255 })),
      ),
    )
    .map(([bytes, [how, n]]) => {
      const b = Buffer.from(bytes);
      if (how === 'cut') return b.subarray(0, n % (b.length + 1));
      if (how === 'flip' && b.length) b[n % b.length] = (b[n % b.length] ?? 0) ^ 0x5a;
      if (how === 'append') return Buffer.concat([b, Buffer.from([n])]);
      return b;
    }),
  filename: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('logo.png', 'a.svg', 'x.jpeg', '') },
    { weight: 1, arbitrary: text },
  ),
  field: fc.constantFrom('assets[]', 'assets[]', 'assets[]', 'assets', 'other'),
  type: fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream'),
});
const titles = fc.oneof(fc.constantFrom('Logo', '  ', 'x'.repeat(201)), text);
const body = fc
  .record({
    groupId: fc.option(
      id(() => ctx.group as number),
      { freq: 12 },
    ),
    clientId: fc.option(
      id(() => ctx.client as number),
      { freq: 12 },
    ),
    files: fc.oneof(
      { weight: 6, arbitrary: fc.array(file, { minLength: 1, maxLength: 3 }) },
      fc.array(file, { maxLength: 0 }),
    ),
    // A body cut short one time in four.
    cut: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.nat() }),
  })
  .chain((b) =>
    // Mostly one good title per file; sometimes any titles at all.
    fc
      .oneof(
        { weight: 3, arbitrary: fc.constant(b.files.map((_, i) => `Image ${i + 1}`)) },
        { weight: 1, arbitrary: fc.array(titles, { maxLength: 3 }) },
      )
      .map((t) => ({ ...b, titles: t })),
  );

describe('POST /api/asset with any input', () => {
  it('answers 201 or a 4xx, and stores nothing when it refuses', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const fields: [string, string][] = [];
        if (b.groupId !== null) fields.push(['groupId', b.groupId]);
        if (b.clientId !== null) fields.push(['clientId', b.clientId]);
        for (const title of b.titles) fields.push(['title', title]);
        const { payload, contentType } = multipartBody(fields, b.files);
        const sent = b.cut === null ? payload : payload.subarray(0, b.cut % (payload.length + 1));
        const rows = await assetCount(t);
        const files = filesOnDisk(t);
        const res = await t.call('POST', '/api/asset', {
          token: t.adminToken,
          body: sent,
          headers: { 'content-type': contentType },
        });
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
        if (res.status !== 201) {
          expect(await assetCount(t)).toBe(rows);
          expect(filesOnDisk(t)).toEqual(files);
        } else {
          expect(await assetCount(t)).toBe(rows + (res.body.data as unknown[]).length);
        }
      }),
      { numRuns: 60 },
    );
  });
});
