import { describe, expect, it } from 'vitest';
import { ols, twoSidedP } from './ols';

describe('ols', () => {
  // Reference figures from numpy (lstsq, s^2 (X'X)^-1) and scipy.stats.t.
  const x1 = [1, 2, 3, 4, 5, 6, 7, 8];
  const x2 = [3, 1, 4, 1, 5, 9, 2, 6];
  const y = [3.1, 4.9, 7.2, 8.8, 11.3, 13.1, 14.8, 17.2];
  const fit = ols([x1, x2], y);

  it.each([
    ['coefficients', [0.94453193, 1.97401575, 0.05739283]],
    ['standardErrors', [0.12820632, 0.02772064, 0.02470602]],
    ['tStats', [7.36728059, 71.21103373, 2.32303007]],
    ['pValues', [7.23842772e-4, 1.03430887e-8, 6.77971644e-2]],
  ] as const)('%s match the reference', (field, expected) => {
    const got = fit?.[field] ?? [];
    expected.forEach((v, i) => {
      expect(got[i]).toBeCloseTo(v, Math.abs(v) < 1e-3 ? 10 : 6);
    });
  });

  it('R-squared, adjusted R-squared, residuals and dof', () => {
    expect(fit?.rSquared).toBeCloseTo(0.9992630756716749, 10);
    expect(fit?.adjustedRSquared).toBeCloseTo(0.9989683059403449, 10);
    expect(fit?.dof).toBe(5);
    fit?.residuals.forEach((e, i) => {
      expect(e + (fit.fitted[i] ?? 0)).toBeCloseTo(y[i] ?? 0, 12);
    });
  });

  it.each([
    ['a column equal to another', [x1, x1]],
    ['a constant column (a second intercept)', [x1.map(() => 4)]],
    ['a column that is a combination of others', [x1, x2, x1.map((v, i) => v + 2 * (x2[i] ?? 0))]],
    [
      'no degree of freedom left',
      [
        x1,
        x2,
        x1.map((v) => v * v),
        x2.map((v) => v * v),
        x1.map((v) => v ** 3),
        x2.map((v) => v ** 3),
        x1.map((v) => v ** 4),
      ],
    ],
  ])('refuses %s (null, never a forced fit)', (_, columns) => {
    expect(ols(columns, y)).toBeNull();
  });

  it('the intercept-only fit is the mean', () => {
    const mean = ols([], y);
    expect(mean?.coefficients[0]).toBeCloseTo(y.reduce((s, v) => s + v, 0) / y.length, 12);
    expect(mean?.rSquared).toBeCloseTo(0, 12);
  });
});

describe('twoSidedP', () => {
  it.each([
    [0, 10, 1],
    [1.812461, 10, 0.1], // the 0.95 quantile at 10 dof
    [Number.POSITIVE_INFINITY, 10, 0],
    [Number.NaN, 10, 1],
  ])('t %d with %i dof: p %d', (t, dof, p) => expect(twoSidedP(t, dof)).toBeCloseTo(p, 5));
});
