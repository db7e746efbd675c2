import { describe, expect, it } from 'vitest';
import { autocorrelation, cvRmse, nmbe, rSquared } from './g14-statistics';

describe('ASHRAE Guideline 14 statistics', () => {
  const y = [100, 110, 90, 105, 95, 120];
  const yhat = [98, 112, 95, 100, 97, 115];

  it.each([
    // residuals 2, -2, -5, 5, -2, 5: SSE 87, sum +3, mean y 103.33, n - p = 4
    ['CV(RMSE)', cvRmse(y, yhat, 2), 0.04513],
    ['NMBE (positive: y above yhat on the sum)', nmbe(y, yhat, 2), 0.00726],
    ['R-squared', rSquared(y, yhat), 1 - 87 / (583 + 1 / 3)], // SST 583.33
  ])('%s of the reference vector', (_, got, expected) => {
    expect(got).toBeCloseTo(expected, 5);
  });

  it.each([
    ['no degree of freedom', [100, 110], [100, 110], 2],
    ['zero mean use', [0, 0, 0], [1, 0, -1], 1],
  ])('CV(RMSE) and NMBE are undefined with %s', (_, ys, hats, p) => {
    expect([cvRmse(ys, hats, p), nmbe(ys, hats, p)]).toEqual([null, null]);
  });

  it.each([
    ['alternating', [1, -1, 1, -1, 1, -1], -5 / 6],
    ['runs', [1, 1, 1, -1, -1, -1], 0.5],
    ['all zero', [0, 0, 0], 0],
    ['one value', [3], 0],
  ])('lag-1 autocorrelation of %s residuals', (_, e, rho) => {
    expect(autocorrelation(e)).toBeCloseTo(rho, 12);
  });
});
