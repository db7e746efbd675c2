import { describe, expect, it } from 'vitest';
import { chartModel, formatShown, shownValue, toSeries } from './dashboard-chart-series';

describe('shownValue', () => {
  it.each([
    ['ELECTRICITY', 2, 230, 5.52], // 12 x 2 x 230 / 1000 kW
    ['ELECTRICITY', 2, 120, 2.88],
    ['WATER_FLOW', 1.5, 230, 18], // 12 x 1.5 L/h
    ['TEMPERATURE', -3.25, 230, -3.25],
    ['HUMIDITY', 41, 230, 41],
  ])('%s %d at %d V shows %d', (type, value, voltage, shown) => {
    expect(shownValue(type, value, voltage)).toBeCloseTo(shown, 10);
  });

  it('assumes 230 V for electricity', () => {
    expect(shownValue('ELECTRICITY', 1)).toBeCloseTo(2.76, 10);
  });
});

describe('formatShown', () => {
  it('keeps two decimals for electricity and at most two for the others', () => {
    expect(formatShown('ELECTRICITY', 2.5, 'en')).toBe('2.50');
    expect(formatShown('TEMPERATURE', 21.456, 'en')).toBe('21.46');
    expect(formatShown('HUMIDITY', 40, 'en')).toBe('40');
  });
});

describe('toSeries and chartModel', () => {
  const current = {
    TEMPERATURE: [
      [20, '2026-11-25 10:00:00'],
      [21, '2026-11-25 10:05:00'],
    ] as [number, string][],
    WATER_FLOW: [[2, '2026-11-25 10:00:00']] as [number, string][],
  };

  it('reads wire times as UTC seconds and applies the shown formula', () => {
    expect(toSeries(current, 'WATER_FLOW')).toEqual({ xs: [Date.parse('2026-11-25T10:00:00Z') / 1000], ys: [24] });
    expect(toSeries(current, 'MOTION')).toEqual({ xs: [], ys: [] });
  });

  it('moves the previous period onto the shown axis', () => {
    const day = 86_400_000;
    const previous = { TEMPERATURE: [[18, '2026-11-24 10:05:00']] as [number, string][] };
    const model = chartModel('TEMPERATURE', current, previous, (ms) => ms + day);
    const at = (s: string) => Date.parse(s) / 1000;
    expect(model.columns).toEqual([
      [at('2026-11-25T10:00:00Z'), at('2026-11-25T10:05:00Z')],
      [20, 21],
      [undefined, 18],
    ]);
    expect(model.empty).toBe(false);
  });

  it('is empty when the sensor has no points, whatever the previous period holds', () => {
    expect(chartModel('MOTION', current, current, (ms) => ms).empty).toBe(true);
  });
});
