import { crc32, deflateSync } from 'node:zlib';

/**
 * Tiny real images, built here byte by byte so a test shows what it uploads: each decodes in a browser
 * (checked in Chromium when they were written). The upload tests vary them to make the hostile cases.
 */

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** One PNG chunk: length, type, data and the CRC of type and data. */
export function pngChunk(type: string, data: Buffer = Buffer.alloc(0)): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32(data.length), body, u32(crc32(body))]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A 1x1 RGBA PNG of one colour; `extraChunks` go between IDAT and IEND (a tEXt chunk, say). */
export function png(rgba: [number, number, number, number] = [34, 170, 119, 255], extraChunks: Buffer[] = []) {
  const header = Buffer.concat([u32(1), u32(1), Buffer.from([8, 6, 0, 0, 0])]);
  const pixels = deflateSync(Buffer.from([0, ...rgba]));
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    ...extraChunks,
    pngChunk('IEND'),
  ]);
}

/**
 * An 8x8 mid-grey baseline JPEG: one quantisation table, a one-code Huffman table each for DC and AC,
 * and one block whose DC difference is 0 and whose AC coefficients end at once (EOB): bits "00" padded with 1s.
 * `comment` adds a COM segment after the start of image.
 */
export function jpeg(comment?: string) {
  const segment = (marker: number, data: Buffer) =>
    Buffer.concat([Buffer.from([0xff, marker]), Buffer.from([(data.length + 2) >> 8, (data.length + 2) & 0xff]), data]);
  const counts = (n: number) => Buffer.from([n, ...new Array(15).fill(0)]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    ...(comment ? [segment(0xfe, Buffer.from(comment, 'latin1'))] : []),
    segment(0xdb, Buffer.from([0x00, ...new Array(64).fill(1)])),
    segment(0xc0, Buffer.from([8, 0, 8, 0, 8, 1, 1, 0x11, 0])),
    segment(0xc4, Buffer.concat([Buffer.from([0x00]), counts(1), Buffer.from([0x00])])),
    segment(0xc4, Buffer.concat([Buffer.from([0x10]), counts(1), Buffer.from([0x00])])),
    segment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0])),
    Buffer.from([0x3f]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/**
 * A 1x1 lossless WebP (VP8L): no transform, no colour cache, and five one-symbol prefix codes, so the one
 * pixel costs no bits: green 0xaa, red 0x22, blue 0x77, alpha 0xff.
 */
export function webp() {
  const bits: number[] = [];
  const put = (value: number, count: number) => {
    for (let i = 0; i < count; i++) bits.push((value >> i) & 1);
  };
  put(0, 14); // width - 1
  put(0, 14); // height - 1
  put(1, 1); // alpha is used
  put(0, 3); // version
  put(0, 1); // no transform
  put(0, 1); // no colour cache
  put(0, 1); // no meta prefix codes
  // green, red, blue, alpha: a simple code of one 8-bit symbol; distance: one 1-bit symbol.
  for (const symbol of [0xaa, 0x22, 0x77, 0xff]) {
    put(1, 1);
    put(0, 1);
    put(1, 1);
    put(symbol, 8);
  }
  put(1, 1);
  put(0, 1);
  put(0, 1);
  put(0, 1);
  const data = Buffer.alloc(Math.ceil(bits.length / 8));
  bits.forEach((bit, i) => {
    data[i >> 3] = (data[i >> 3] ?? 0) | (bit << (i & 7));
  });
  const vp8l = Buffer.concat([Buffer.from([0x2f]), data]);
  const padded = vp8l.length % 2 ? Buffer.concat([vp8l, Buffer.from([0])]) : vp8l;
  const chunk = Buffer.concat([Buffer.from('VP8L', 'latin1'), le32(vp8l.length), padded]);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), le32(4 + chunk.length), Buffer.from('WEBP', 'latin1'), chunk]);
}

function le32(n: number) {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}

/** A plain SVG: a green square. */
export const SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10"><rect width="10" height="10" fill="#2a7"/></svg>
`;

/** The first bytes of a Linux executable. */
export const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(56)]);
