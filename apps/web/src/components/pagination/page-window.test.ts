import { describe, expect, it } from 'vitest';
import { pageCount, pageWindow } from './page-window';

describe('pageWindow', () => {
  it.each([
    // current, count, pages, leading, trailing
    [1, 1, [1], false, false],
    [1, 0, [1], false, false],
    [3, 5, [1, 2, 3, 4, 5], false, false],
    [1, 10, [1, 2, 3, 4, 5], false, true],
    [2, 10, [1, 2, 3, 4, 5], false, true],
    [3, 10, [1, 2, 3, 4, 5], false, true],
    [4, 10, [2, 3, 4, 5, 6], true, true],
    [6, 10, [4, 5, 6, 7, 8], true, true],
    [9, 10, [6, 7, 8, 9, 10], true, false],
    [10, 10, [6, 7, 8, 9, 10], true, false],
    [99, 10, [6, 7, 8, 9, 10], true, false],
    [0, 6, [1, 2, 3, 4, 5], false, true],
  ])('page %i of %i', (current, count, pages, leading, trailing) => {
    expect(pageWindow(current, count)).toEqual({ pages, leadingEllipsis: leading, trailingEllipsis: trailing });
  });
});

describe('pageCount', () => {
  it.each([
    [0, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [95, 20, 5],
  ])('%i rows at %i a page make %i pages', (total, size, expected) => {
    expect(pageCount(total, size)).toBe(expected);
  });
});
