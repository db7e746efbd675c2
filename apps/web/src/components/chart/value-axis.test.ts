import { describe, expect, it } from 'vitest';
import { chartOptions } from './chart-options';
import type { ChartKind } from './chart-types';
import { formatTick, VALUE_INCRS, valueRange } from './value-axis';

describe('valueRange', () => {
  it('stands bars on zero, however high the lowest bar', () => {
    const [lo, hi] = valueRange('bar', 1.04, 1.16);
    expect(lo).toBe(0);
    expect(hi).toBeGreaterThanOrEqual(1.16);
  });

  it('keeps zero in view for bars below it too', () => {
    expect(valueRange('bar', -3, -1)[1]).toBe(0);
    const [lo, hi] = valueRange('bar', -2, 5);
    expect(lo).toBeLessThanOrEqual(-2);
    expect(hi).toBeGreaterThanOrEqual(5);
  });

  it('lets an area follow its data', () => {
    const [lo, hi] = valueRange('area', 20.5, 23);
    expect(lo).toBeGreaterThan(15);
    expect(lo).toBeLessThanOrEqual(20.5);
    expect(hi).toBeGreaterThanOrEqual(23);
  });

  it('leaves an empty chart to uPlot', () => {
    expect(valueRange('bar', null, null)).toEqual([null, null]);
  });
});

describe('VALUE_INCRS', () => {
  it('has no step finer than the axis writes, so no two ticks read the same', () => {
    expect(Math.min(...VALUE_INCRS)).toBe(0.01);
    for (const step of VALUE_INCRS) {
      const labels = [0, 1, 2, 3].map((k) => formatTick(1.15 + k * step));
      expect(new Set(labels).size, `step ${step}: ${labels.join(', ')}`).toBe(4);
    }
  });

  it('runs upward without gaps from 0.01 to large values', () => {
    expect(VALUE_INCRS).toEqual([...VALUE_INCRS].sort((a, b) => a - b));
    expect(VALUE_INCRS).toContain(0.05);
    expect(VALUE_INCRS).toContain(0.25);
    expect(Math.max(...VALUE_INCRS)).toBeGreaterThanOrEqual(1e6);
  });
});

describe("the chart's value axis", () => {
  const colors = {
    line: '#000',
    barFill: '#000',
    areaFill: '#000',
    previous: '#000',
    axis: '#000',
    grid: '#000',
    font: '12px a',
  };
  const options = (kind: ChartKind) =>
    chartOptions({
      width: 600,
      height: 400,
      timeZone: 'UTC',
      colors,
      live: { current: { data: [[], []], kind, unit: 'kW', formatValue: String, series: [{ label: 'Electricity' }] } },
    });

  it('stands bars on zero and lets an area follow its data', () => {
    const range = (kind: ChartKind) => {
      const y = options(kind).scales?.y?.range;
      if (typeof y !== 'function') throw new Error('the value range is not worked out per kind');
      return y(null as never, 1.04, 1.16, 'y');
    };
    expect(range('bar')[0]).toBe(0);
    expect(range('area')[0]).toBeGreaterThan(0.9);
  });

  it('ticks no finer than it writes', () => {
    expect(options('bar').axes?.[1]?.incrs).toBe(VALUE_INCRS);
  });
});
