import { describe, expect, it } from 'vitest';
import { clearLevelProblem, gaugeState, type Limit, ruleState, thresholdProblem } from './rule-state';

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

describe('thresholdProblem', () => {
  const NOT_A_NUMBER = 'Threshold must be a numeric value. Please provide a valid number for the threshold.';
  const range = (label: string, span: string) => `${label} threshold value must be between ${span}`;
  it.each([
    ['AIR_QUALITY', 0, null],
    ['AIR_QUALITY', 5000, null],
    ['AIR_QUALITY', -1, range('Air Quality', '0-5000')],
    ['AIR_QUALITY', 5000.5, range('Air Quality', '0-5000')],
    ['ELECTRICITY', 10000, null],
    ['ELECTRICITY', 10001, range('Electricity', '0-10000')],
    ['WATER_FLOW', 1000, null],
    ['WATER_FLOW', -0.1, range('Water Flow', '0-1000')],
    ['LUMINESCENCE', 100000, null],
    ['LUMINESCENCE', 100001, range('Luminescence', '0-100000')],
    ['BAROMETRIC', 870, null],
    ['BAROMETRIC', 1080, null],
    ['BAROMETRIC', 869.9, range('Barometric', '870-1080')],
    ['BAROMETRIC', 1081, range('Barometric', '870-1080')],
    ['HUMIDITY', 100, null],
    ['HUMIDITY', 101, range('Humidity', '0-100')],
    // The spec's temperature check could never pass; -40..100 is what it means.
    ['TEMPERATURE', -40, null],
    ['TEMPERATURE', 100, null],
    ['TEMPERATURE', 26, null],
    ['TEMPERATURE', -41, 'Temperature threshold value must be between -40 to 100'],
    ['TEMPERATURE', 101, 'Temperature threshold value must be between -40 to 100'],
    ['MOTION', 0, null],
    ['MOTION', 1, null],
    ['MOTION', 0.5, 'Motion threshold value must be 0 or 1'],
    ['MOTION', 2, 'Motion threshold value must be 0 or 1'],
    ['TEMPERATURE', '25.5', null],
    ['HUMIDITY', '150', range('Humidity', '0-100')],
    ['TEMPERATURE', 'abc', NOT_A_NUMBER],
    ['TEMPERATURE', '', NOT_A_NUMBER],
    ['TEMPERATURE', null, NOT_A_NUMBER],
    ['TEMPERATURE', Number.NaN, NOT_A_NUMBER],
    ['TEMPERATURE', Number.POSITIVE_INFINITY, NOT_A_NUMBER],
    [null, 'abc', NOT_A_NUMBER],
    [null, 10, 'Please input Threshold value'],
    [undefined, 10, 'Please input Threshold value'],
    ['SOUND', 10, 'Please input Threshold value'],
  ] as const)('%s at %o: %s', (sensorType, value, expected) => {
    expect(thresholdProblem(sensorType, value)).toBe(expected);
  });
});
