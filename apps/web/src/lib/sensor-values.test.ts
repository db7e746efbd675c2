import { describe, expect, it } from 'vitest';
import { formatValue } from './sensor-values';

describe('formatValue (docs/domain.md#cards)', () => {
  it('writes electricity with its 2 decimals and thousands apart', () => {
    expect(formatValue('ELECTRICITY', 5)).toBe('5.00');
    expect(formatValue('BAROMETRIC', 1013)).toBe('1,013');
    expect(formatValue('WATER_FLOW', 9.6)).toBe('9.6');
    expect(formatValue('TEMPERATURE', 26.4)).toBe('26');
  });

  it('keeps 3 significant digits where asked, beside a limit', () => {
    expect(formatValue('TEMPERATURE', 26.44, 3)).toBe('26.4');
    expect(formatValue('TEMPERATURE', 26, 3)).toBe('26');
    expect(formatValue('WATER_FLOW', 0.104, 3)).toBe('0.104');
    expect(formatValue('WATER_FLOW', 3.256, 3)).toBe('3.26');
    expect(formatValue('ELECTRICITY', 0.115, 3)).toBe('0.115');
    expect(formatValue('ELECTRICITY', 0.0598, 3)).toBe('0.0598');
    expect(formatValue('ELECTRICITY', 0.5, 3)).toBe('0.50');
    expect(formatValue('BAROMETRIC', 1013.2, 3)).toBe('1,013');
    expect(formatValue('HUMIDITY', 0, 3)).toBe('0');
  });
});
