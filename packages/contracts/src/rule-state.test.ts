import { describe, expect, it } from 'vitest';
import { clearLevelProblem, gaugeState, type Limit, ruleState } from './rule-state';

const greater: Limit = { condition: 'greater', threshold: 30 };
const smaller: Limit = { condition: 'smaller', threshold: 10 };
const equal: Limit = { condition: 'equal', threshold: 1 };

describe('ruleState', () => {
  it.each([
    [greater, 26.9, 'ok'],
    [greater, 27, 'close'], // 10 % of 30 below it
    [greater, 30, 'close'],
    [greater, 30.01, 'exceeded'],
    [smaller, 11.01, 'ok'],
    [smaller, 11, 'close'],
    [smaller, 10, 'close'],
    [smaller, 9.99, 'exceeded'],
    [equal, 1 + 1e-12, 'exceeded'],
    [equal, 1.05, 'close'],
    [equal, 0.95, 'close'],
    [equal, 1.2, 'ok'],
    [{ condition: 'greater', threshold: -10 } as Limit, -11, 'close'], // the margin is of |threshold|
    [{ condition: 'greater', threshold: -10 } as Limit, -11.5, 'ok'],
  ] as const)('%o at %d is %s (margin 10 %%)', (limit, value, state) => {
    expect(ruleState(limit, value, 10)).toBe(state);
  });

  it('has no close band with a margin of 0', () => {
    expect(ruleState(greater, 29.999, 0)).toBe('ok');
  });
});

describe('gaugeState', () => {
  it('is the worst state over the rules that apply', () => {
    expect(gaugeState('TEMPERATURE', 28, [greater, { condition: 'greater', threshold: 50 }], 10)).toBe('close');
    expect(gaugeState('TEMPERATURE', 31, [{ condition: 'greater', threshold: 50 }, greater], 10)).toBe('exceeded');
  });

  it('uses the IAQ bands for air quality without a rule, and nothing for other sensors', () => {
    expect(gaugeState('AIR_QUALITY', 50, [], 10)).toBe('ok');
    expect(gaugeState('AIR_QUALITY', 50.5, [], 10)).toBe('close');
    expect(gaugeState('AIR_QUALITY', 399, [], 10)).toBe('close');
    expect(gaugeState('AIR_QUALITY', 400, [], 10)).toBe('exceeded');
    expect(gaugeState('HUMIDITY', 99, [], 10)).toBeNull();
  });

  it('lets a rule on air quality replace the IAQ bands', () => {
    expect(gaugeState('AIR_QUALITY', 500, [{ condition: 'greater', threshold: 1000 }], 10)).toBe('ok');
  });
});

describe('clearLevelProblem', () => {
  it.each([
    ['greater', 30, null, null],
    ['greater', 30, 25, null],
    ['greater', 30, 30, null],
    ['greater', 30, 31, 'The clear level of a greater rule must not be above its threshold'],
    ['smaller', 18, 20, null],
    ['smaller', 18, 17, 'The clear level of a smaller rule must not be below its threshold'],
    ['equal', 1, 1, 'An equal rule has no clear level: leave it blank'],
    ['equal', 1, null, null],
  ] as const)('%s %s with clear level %s: %s', (condition, threshold, clearLevel, expected) => {
    expect(clearLevelProblem(condition, threshold, clearLevel)).toBe(expected);
  });
});
