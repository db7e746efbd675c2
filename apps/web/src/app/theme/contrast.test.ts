import { describe, expect, it } from 'vitest';
import { AA_LARGE, AA_TEXT, ADJUSTED_MARGIN, contrastRatio, ensureContrast, mix, parseHex } from './contrast';

describe('parseHex', () => {
  it.each([
    ['#fff', [255, 255, 255]],
    ['#FFFF', [255, 255, 255]],
    ['#1c7ed6', [28, 126, 214]],
    ['#1c7ed680', [28, 126, 214]],
    ['#12345', null],
    ['red', null],
    ['', null],
  ])('%s -> %j', (value, rgb) => {
    expect(parseHex(value)).toEqual(rgb);
  });
});

describe('contrastRatio', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#777777', '#ffffff', 4.48],
    ['#767676', '#ffffff', 4.54],
    ['#2f9e44', '#ffffff', 3.45],
  ])('%s on %s is %d:1', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 1);
    expect(contrastRatio(b, a)).toBeCloseTo(ratio, 1);
  });
});

describe('mix', () => {
  it('moves a colour part of the way to another', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('#abc', '#000000', 0)).toBe('#aabbcc');
  });
});

describe('ensureContrast', () => {
  it.each([
    // colour, backgrounds, target, what must happen
    ['#1b2b1e', ['#ffffff', '#f4f7f2'], AA_TEXT, 'unchanged'],
    ['#2f9e44', ['#ffffff'], AA_TEXT, 'darker'],
    ['#868e96', ['#ffffff', '#f8f9fa'], AA_TEXT, 'darker'],
    ['#2f9e44', ['#1a1b1e'], AA_TEXT, 'unchanged'],
    ['#1c7ed6', ['#101113', '#1d1e21'], AA_TEXT, 'lighter'],
    ['#5c6b5f', ['#18293f', '#0f1b2d'], AA_TEXT, 'lighter'],
    ['#f59f00', ['#ffffff'], AA_LARGE, 'darker'],
    ['#ffffff', ['#ffffff'], AA_TEXT, 'darker'],
  ] as const)('%s on %j reaches %d:1 (%s)', (color, backgrounds, target, expected) => {
    const out = ensureContrast(color, backgrounds, target);
    for (const bg of backgrounds) expect(contrastRatio(out, bg)).toBeGreaterThanOrEqual(target);
    const l = (c: string) => contrastRatio(c, '#000000');
    if (expected === 'unchanged') expect(out).toBe(color);
    if (expected === 'darker') expect(l(out)).toBeLessThan(l(color));
    if (expected === 'lighter') expect(l(out)).toBeGreaterThan(l(color));
  });

  // A colour moved to 4.51:1 read 4.38:1 while the bell's panel faded in: an adjusted colour keeps a margin.
  it.each([
    ['#2f9e44', ['#ffffff']],
    ['#2f9e44', ['#3f4044']],
    ['#37b24d', ['#3f4044', '#2c2d30']],
    ['#1c7ed6', ['#ffffff', '#f4f7f2']],
  ] as const)('%s moved for %j lands clear of the line, not on it', (color, backgrounds) => {
    const out = ensureContrast(color, backgrounds);
    for (const bg of backgrounds) expect(contrastRatio(out, bg)).toBeGreaterThanOrEqual(AA_TEXT + ADJUSTED_MARGIN);
  });

  it('keeps a chosen colour that passes, however close to the line', () => {
    expect(ensureContrast('#767676', ['#ffffff'])).toBe('#767676');
  });

  it('reads an unparseable colour as black rather than failing', () => {
    expect(contrastRatio(ensureContrast('nope', ['#ffffff']), '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
  });
});
