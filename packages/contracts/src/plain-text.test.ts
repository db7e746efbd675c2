import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hasForbiddenCharacters, plainText, type TextKind } from './plain-text';

describe('hasForbiddenCharacters', () => {
  it.each<[string, TextKind, boolean]>([
    ['Growers 🌱 café', 'line', false],
    ['a\u0000b', 'line', true],
    ['a\u0000b', 'multiline', true],
    ['a\u0000b', 'secret', true],
    ['\uD800', 'line', true],
    ['x\uDFFF', 'secret', true],
    ['\uDBFF\uDFFF', 'line', false], // a pair is one astral character
    ['tab\there', 'line', true],
    ['tab\there\nand\r\nbreaks', 'multiline', false],
    ['\u001B[31mred', 'multiline', true],
    ['del\u007F', 'line', true],
    ['next line\u0085', 'line', true],
    ['pass\tword', 'secret', false],
    ['\u00A0non-breaking space', 'line', false],
  ])('%j as %s -> %s', (text, kind, expected) => expect(hasForbiddenCharacters(text, kind)).toBe(expected));
});

describe('plainText', () => {
  it('keeps the schema it refines and names the problem', () => {
    const schema = plainText(z.string().max(5));
    expect(schema.safeParse('ok').success).toBe(true);
    expect(schema.safeParse('toolong').success).toBe(false);
    expect(schema.safeParse('a\u0000').error?.issues[0]?.message).toMatch(/control characters/);
  });
});
