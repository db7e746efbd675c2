import { describe, expect, it } from 'vitest';
import { BALANCE_POINTS_C, cdd, hdd, qualifies } from './degree-days';

describe('degree days', () => {
  it.each([
    // balance point, mean outdoor, HDD, CDD
    [15, 5, 10, 0],
    [15, 15, 0, 0],
    [15, 20.5, 0, 5.5],
    [22, -3, 25, 0],
  ])('at %i degC with %d outside: HDD %d, CDD %d', (bp, t, h, c) => {
    expect([hdd(bp, t), cdd(bp, t)]).toEqual([h, c]);
  });

  it('balance points run 10..28 in whole degrees', () => {
    expect([BALANCE_POINTS_C.length, BALANCE_POINTS_C[0], BALANCE_POINTS_C.at(-1)]).toEqual([19, 10, 28]);
  });

  it.each([
    [Array(10).fill(2), true], // 10 days, 20 degree days
    [Array(9).fill(5), false], // 45 degree days but only 9 days
    [Array(30).fill(0.5), false], // 30 days but 15 degree days
    [[...Array(10).fill(2), ...Array(300).fill(0)], true],
  ])('series %# qualifies: %s', (series, ok) => expect(qualifies(series)).toBe(ok));
});
