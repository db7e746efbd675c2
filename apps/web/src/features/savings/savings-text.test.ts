import { csvCell } from '@greenpod/contracts';
import { describe, expect, it } from 'vitest';
import { bandColumns, cusumColumns, dayRange } from '../../components/savings-charts/savings-chart-data';
import { CLAIMED, OVERUSED, summaryOf } from './savings-fixtures';
import { goalText, money, moneyText, quantity, savedText, savingsCsvRows, topSavings } from './savings-text';

describe('savings texts', () => {
  it('says a saving with its uncertainty and percentage', () => {
    expect(savedText(CLAIMED)).toBe('Saved 412 kWh +/- 61 kWh, 14.2 %');
    expect(savedText({ ...CLAIMED, uncertainty: null })).toBe('Saved 412 kWh, 14.2 %');
    expect(savedText(OVERUSED)).toBe('Used 30 L more than expected, -5.0 %');
    expect(savedText({ ...CLAIMED, avoided: null })).toBe('No saving could be computed for this period');
  });

  it('keeps small amounts meaningful', () => {
    expect(quantity(3.274)).toBe('3.27');
    expect(quantity(61.24)).toBe('61.2');
    expect(quantity(2900)).toBe('2,900');
  });

  it('writes money in the currency to 2 decimals', () => {
    expect(money(52.4, 'EUR')).toBe('€52.40');
    expect(money(1234.5, 'AED')).toMatch(/^AED\s1,234\.50$/);
    expect(money(3, 'NOPE')).toBe('3.00 NOPE');
    expect(moneyText(CLAIMED)).toBe('€49.44 +/- €7.32');
    expect(moneyText(OVERUSED)).toBe('-€0.09');
  });

  it('gives the percentage of the goal achieved', () => {
    expect(goalText(CLAIMED)).toBe('You achieved 82 % of your goal of €60.00');
    expect(goalText({ ...CLAIMED, goal: null, goalProgress: null })).toBeNull();
    expect(goalText(OVERUSED)).toBe('Nothing saved towards your goal of €10.00: more was used than expected');
  });

  it('ranks the top savings, leaving out losses and unclaimed ones', () => {
    const big = { ...CLAIMED, podId: 2, valueFlat: 90 };
    const unclaimed = { ...CLAIMED, podId: 3, valueFlat: 200, status: 'not-significant' as const };
    expect(topSavings([CLAIMED, OVERUSED, big, unclaimed]).map((c) => c.podId)).toEqual([2, 111]);
  });

  it('writes the CSV rows formula-safe through lib/csv', () => {
    const rows = savingsCsvRows([{ ...CLAIMED, podTitle: '=HYPERLINK("x")' }]);
    expect(rows[0]?.[0]).toBe('Location');
    expect(rows[1]?.slice(0, 3)).toEqual(['Aurora Dubai', 'First floor', '=HYPERLINK("x")']);
    expect(csvCell(rows[1]?.[2])).toBe(`"'=HYPERLINK(""x"")"`);
    expect(rows[1]?.[8]).toBe(412);
    expect(rows[1]?.[16]).toBe(82.4);
  });

  it('puts the chart days on UTC midnights', () => {
    const { chart } = summaryOf([]);
    const [xs, low, high, expected, actual] = bandColumns(chart.days);
    expect(xs).toEqual([Date.UTC(2026, 9, 1) / 1000, Date.UTC(2026, 9, 2) / 1000]);
    expect([low?.[0], high?.[0], expected?.[0], actual?.[0]]).toEqual([90, 100, 95, 80]);
    expect(cusumColumns(chart.days)[1]).toEqual([15, 21]);
    expect(dayRange(chart.days)).toEqual([Date.UTC(2026, 9, 1) / 1000, Date.UTC(2026, 9, 3) / 1000]);
  });
});
