import { describe, expect, it } from 'vitest';
import { alignSeries, withGaps } from './align-series';

describe('withGaps', () => {
  it('breaks the line where a bucket is missing', () => {
    expect(withGaps({ xs: [0, 60, 120, 300, 360], ys: [1, 2, 3, 4, 5] })).toEqual({
      xs: [0, 60, 120, 180, 300, 360],
      ys: [1, 2, 3, null, 4, 5],
    });
  });

  it('tolerates a 25-hour DST day and a clipped first bucket', () => {
    const day = 86_400;
    const series = { xs: [0, 3600, 3600 + day, 3600 + 2 * day + 3600, 3600 + 3 * day + 3600], ys: [1, 2, 3, 4, 5] };
    expect(withGaps(series)).toEqual(series);
  });
});

describe('alignSeries', () => {
  it('puts series on one sorted x, undefined where a series has no point', () => {
    expect(
      alignSeries([
        { xs: [0, 60, 120], ys: [1, null, 3] },
        { xs: [30, 60], ys: [7, 8] },
      ]),
    ).toEqual([
      [0, 30, 60, 120],
      [1, undefined, null, 3],
      [undefined, 7, 8, undefined],
    ]);
  });

  it('keeps the later of two points at one x', () => {
    expect(alignSeries([{ xs: [5, 5], ys: [1, 2] }])).toEqual([[5], [2]]);
  });
});
