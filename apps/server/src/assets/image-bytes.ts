import { crc32 } from 'node:zlib';
import type { AssetExtension } from '@greenpod/contracts';

/**
 * What a raster upload is, by its bytes alone (docs/domain.md#assets): PNG, JPEG or WebP whose structure holds
 * from the first byte to the last, with no markup anywhere in it. Null for anything else, SVG included (that is
 * text: svg-sanitiser.ts reads it). The name's extension is never consulted.
 */
export function rasterTypeOf(bytes: Buffer): Exclude<AssetExtension, 'svg'> | null {
  const type = wholeImageType(bytes);
  // A polyglot: an image header over text a browser would run as a page if it ever sniffed it.
  return type && !MARKUP.test(bytes.toString('latin1')) ? type : null;
}

function wholeImageType(bytes: Buffer): Exclude<AssetExtension, 'svg'> | null {
  if (PNG.every((b, i) => bytes[i] === b)) return wholePng(bytes) ? 'png' : null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return wholeJpeg(bytes) ? 'jpg' : null;
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return wholeWebp(bytes) ? 'webp' : null;
  return null;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Page and script openings, as a browser sniffing for HTML looks for them; never found in an image's own data. */
const MARKUP = /<(script|html|head|body|iframe|object|embed|svg|meta|link|style|\?php|!doctype)[\s>/]|javascript:/i;

/** IHDR first, every chunk's CRC right, and IEND the last bytes of the file: nothing rides behind the image. */
function wholePng(bytes: Buffer): boolean {
  let at = PNG.length;
  let first = true;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > bytes.length) return false;
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (first && type !== 'IHDR') return false;
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== bytes.readUInt32BE(at + 8 + length)) return false;
    if (type === 'IEND') return end === bytes.length;
    first = false;
    at = end;
  }
  return false;
}

/**
 * Marker segments from the start of image to the start of scan, and the end-of-image marker as the last two
 * bytes (the scan data between them has no structure to walk without decoding it).
 */
function wholeJpeg(bytes: Buffer): boolean {
  if (bytes.length < 4 || bytes[bytes.length - 2] !== 0xff || bytes[bytes.length - 1] !== 0xd9) return false;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return false;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > bytes.length) return false;
    if (marker === 0xda) return true;
    at += 2 + length;
  }
  return false;
}

/** The RIFF size names exactly the file, and its first chunk is a WebP image (lossy, lossless or extended). */
function wholeWebp(bytes: Buffer): boolean {
  if (bytes.length < 20) return false;
  const riffEnd = 8 + bytes.readUInt32LE(4);
  return riffEnd === bytes.length && ['VP8 ', 'VP8L', 'VP8X'].includes(bytes.toString('latin1', 12, 16));
}
