import { describe, expect, it } from 'vitest';
import { savingsUncertainty, type UncertaintyInput } from './savings-uncertainty';

const reference: UncertaintyInput = {
  cvRmse: 0.1,
  baselineDays: 365,
  autocorrelation: 0, // n' = n
  parameters: 2,
  reportingDays: 30,
  reportingMonths: 1,
  expected: 1000,
  avoided: 100, // F = 10 %
  t: 1.645,
};

describe('savingsUncertainty', () => {
  it("gives 31.3 % for the reference vector (CV 10 %, n = n' = 365, m = 30, M = 1, F = 10 %, t 1.645)", () => {
    const u = savingsUncertainty(reference);
    expect(u.fractional).toBeCloseTo(0.313, 3);
    expect(u.absolute).toBeCloseTo(31.26, 2); // FSU x |avoided|
    expect(u.claimed).toBe(true);
  });

  it.each([
    // change, FSU, claimed
    [{ avoided: 50 }, 0.6252, false], // half the savings, twice the fraction
    [{ cvRmse: 0.2 }, 0.6252, false],
    [{ reportingDays: 120, reportingMonths: 4 }, 0.1717, true],
    [{ autocorrelation: 0.5 }, 0.5444, false], // n' = 121.7 days worth of independent information
  ] as const)('%o gives %d', (change, fsu, claimed) => {
    const u = savingsUncertainty({ ...reference, ...change });
    expect(u.fractional).toBeCloseTo(fsu, 3);
    expect(u.claimed).toBe(claimed);
  });

  it("takes t from Student's t at 0.95 with n' - p dof by default", () => {
    const u = savingsUncertainty({ ...reference, t: undefined });
    expect(u.t).toBeCloseTo(1.64906, 5); // 363 dof
    expect(u.effectiveDays).toBe(365);
  });

  it.each([0, -40])('with avoided %d the fraction is undefined but the +/- in units is not', (avoided) => {
    const u = savingsUncertainty({ ...reference, avoided });
    expect(u.fractional).toBeNull();
    expect(u.claimed).toBe(false);
    expect(u.absolute).toBeCloseTo(31.26, 2);
    expect(u.reason).toMatch(/No savings/);
  });

  it('refuses when correlation leaves no degree of freedom', () => {
    const u = savingsUncertainty({ ...reference, autocorrelation: 0.99, t: undefined });
    expect([u.absolute, u.fractional, u.claimed]).toEqual([null, null, false]);
  });
});
