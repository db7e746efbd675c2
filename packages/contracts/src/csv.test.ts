import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+SUM(A1:A2)', "'+SUM(A1:A2)"],
    ['-1+2', "'-1+2"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
    ['-2e3', "'-2e3"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
  ])('prefixes a formula-looking text %j with a single quote', (cell, expected) => {
    expect(csvCell(cell)).toBe(expected);
  });

  it('leaves plain negative numbers readable as numbers, as numbers or as text', () => {
    expect(csvCell(-3.5)).toBe('-3.5');
    expect(csvCell('-3.5')).toBe('-3.5');
    expect(csvCell('-12')).toBe('-12');
    expect(csvCell(0)).toBe('0');
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('writes nothing for missing and non-finite values', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(Number.NEGATIVE_INFINITY)).toBe('');
  });

  it('leaves ordinary text alone', () => {
    expect(csvCell('Temperature (°C)')).toBe('Temperature (°C)');
    expect(csvCell('2026-11-25 10:00')).toBe('2026-11-25 10:00');
  });
});

describe('toCsv', () => {
  it('joins cells with commas and rows with CRLF', () => {
    expect(
      toCsv([
        ['Time', 'Value'],
        ['2026-11-25 10:00', -1.25],
        ['2026-11-25 10:05', null],
      ]),
    ).toBe('Time,Value\r\n2026-11-25 10:00,-1.25\r\n2026-11-25 10:05,');
  });
});
