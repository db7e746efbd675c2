import { describe, expect, it } from 'vitest';
import { countsText, displayValue, gaugePercent, offlineText, tileOf } from './card-values';

describe('card values (docs/domain.md#cards)', () => {
  it.each([
    ['ELECTRICITY', 2, 230, 5.52], // 12 x 2 x 230 / 1000
    ['ELECTRICITY', 0.1234, 120, 0.18], // 0.1777 -> 2 decimals
    ['WATER_FLOW', 0.8, 230, 9.6], // 12 x 0.8
    ['TEMPERATURE', 21.5, 230, 22],
    ['HUMIDITY', 54.4, 230, 54],
    ['MOTION', 0.4, 230, 0],
  ])('%s with mean %f at %i V shows %f', (type, avg, voltage, shown) => {
    expect(displayValue(type, avg, voltage)).toBeCloseTo(shown, 10);
  });

  it.each([
    ['TEMPERATURE', -40, 0],
    ['TEMPERATURE', 22.5, 50],
    ['TEMPERATURE', 200, 100],
    ['BAROMETRIC', 700, 50],
    ['ELECTRICITY', -1, 0],
    ['MOTION', 1, 100],
  ] as const)('places %s %f at %f %% of the dial, clamped', (type, value, percent) => {
    expect(gaugePercent(type, value)).toBeCloseTo(percent, 10);
  });

  it('reads N/A, neutral and empty when the card has no reading of a type', () => {
    expect(tileOf('HUMIDITY', [], [], 10)).toEqual({
      sensorType: 'HUMIDITY',
      value: null,
      text: 'N/A',
      unit: '%',
      percent: 0,
      state: null,
      voltage: null,
    });
  });

  it('judges the raw mean against the rules of its own sensor type only', () => {
    const readings = [{ sensorType: 'ELECTRICITY', avg: 2, voltage: 230 }];
    const electricity = { sensorType: 'ELECTRICITY', condition: 'greater' as const, threshold: 2.1 };
    const limits = [electricity, { sensorType: 'TEMPERATURE', condition: 'greater' as const, threshold: 1 }];
    const tile = tileOf('ELECTRICITY', readings, limits, 10);
    expect(tile).toMatchObject({ value: 5.52, text: '5.52', unit: 'KW/h', state: 'close', voltage: 230 });
    expect(tileOf('ELECTRICITY', readings, limits, 1).state).toBe('ok');
    expect(tileOf('ELECTRICITY', readings, [{ ...electricity, threshold: 1.5 }], 10).state).toBe('exceeded');
  });

  it('is neutral when no rule judges it, except air quality with its IAQ bands', () => {
    const reading = (sensorType: string, avg: number) => [{ sensorType, avg, voltage: 230 }];
    expect(tileOf('TEMPERATURE', reading('TEMPERATURE', 30), [], 10).state).toBeNull();
    expect(tileOf('AIR_QUALITY', reading('AIR_QUALITY', 40), [], 10).state).toBe('ok');
    expect(tileOf('AIR_QUALITY', reading('AIR_QUALITY', 120), [], 10).state).toBe('close');
    expect(tileOf('AIR_QUALITY', reading('AIR_QUALITY', 450), [], 10).state).toBe('exceeded');
  });

  it('counts areas and pods as the header shows them', () => {
    expect(countsText('location', 3, 7)).toBe('3 areas · 7 pods');
    expect(countsText('location', 1, 1)).toBe('1 area · 1 pod');
    expect(countsText('area', 2, 4)).toBe('4 pods');
    expect(countsText('pod', 1, 1)).toBeNull();
  });

  it('says which pods are offline, and nothing while all report', () => {
    expect(offlineText('pod', 1)).toBe('Offline');
    expect(offlineText('area', 2)).toBe('2 offline');
    expect(offlineText('location', 0)).toBeNull();
  });
});
