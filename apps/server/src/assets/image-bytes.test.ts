import { describe, expect, it } from 'vitest';
import { ELF, jpeg, png, pngChunk, SVG, webp } from '../test/images';
import { rasterTypeOf } from './image-bytes';

const withBadCrc = (bytes: Buffer) => {
  const copy = Buffer.from(bytes);
  // The last byte of IDAT's CRC (IEND is the last 12 bytes).
  copy[copy.length - 13] = (copy[copy.length - 13] ?? 0) ^ 0xff;
  return copy;
};

describe('rasterTypeOf', () => {
  it.each([
    ['a PNG', png(), 'png'],
    ['a PNG with a text chunk', png(undefined, [pngChunk('tEXt', Buffer.from('Comment\0Made by hand'))]), 'png'],
    ['a JPEG', jpeg(), 'jpg'],
    ['a JPEG with a comment', jpeg('Made by hand'), 'jpg'],
    ['a WebP', webp(), 'webp'],
  ])('knows %s by its bytes', (_, bytes, type) => {
    expect(rasterTypeOf(bytes)).toBe(type);
  });

  it.each([
    ['an executable', ELF],
    ['an SVG (text: the sanitiser reads it)', Buffer.from(SVG)],
    ['nothing', Buffer.alloc(0)],
    ['a PNG signature alone', png().subarray(0, 8)],
    ['a PNG cut short', png().subarray(0, 40)],
    ['a PNG with bytes after IEND', Buffer.concat([png(), Buffer.from('<html><script>alert(1)</script>')])],
    ['a PNG with a chunk CRC wrong', withBadCrc(png())],
    ['a PNG whose first chunk is not IHDR', Buffer.concat([png().subarray(0, 8), pngChunk('IEND')])],
    [
      'a PNG header over an HTML page',
      Buffer.concat([png().subarray(0, 8), Buffer.from('<html><body>hi</body></html>')]),
    ],
    [
      'a PNG carrying a script in a text chunk',
      png(undefined, [pngChunk('tEXt', Buffer.from('x\0<script>alert(1)</script>'))]),
    ],
    ['a JPEG with a page in its comment', jpeg('<!DOCTYPE html><html><body onload=alert(1)>')],
    ['a JPEG with bytes after its end', Buffer.concat([jpeg(), Buffer.from('<script>alert(1)</script>')])],
    ['a JPEG without its end marker', jpeg().subarray(0, -2)],
    ['a JPEG start over text', Buffer.from('\xff\xd8\xff<html>', 'latin1')],
    ['a WebP whose RIFF size is not the file', Buffer.concat([webp(), Buffer.from('<svg onload=alert(1)>')])],
    ['a RIFF that is not a WebP', Buffer.concat([Buffer.from('RIFF\x0c\0\0\0WAVEfmt ', 'latin1'), Buffer.alloc(8)])],
    ['a javascript: URL behind a JPEG start', jpeg('javascript:alert(1)')],
  ])('refuses %s', (_, bytes) => {
    expect(rasterTypeOf(bytes)).toBeNull();
  });
});
