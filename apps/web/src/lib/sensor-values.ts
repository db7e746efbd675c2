import type { RuleState } from '@greenpod/contracts';

/**
 * How a sensor's value is written wherever it is shown (docs/domain.md#cards): electricity with its 2
 * decimals, water flow with one where it has one (12 x 0.8 reads 9.6), the others rounded; thousands
 * apart in the viewer's locale. Where a value is set beside a limit (the alerts), `significant` keeps at
 * least that many significant digits (up to 4 decimals), so 26.4 against a limit of 26 does not read as
 * 26, nor 0.104 L against 0.1 L as 0.1.
 */
export function formatValue(sensorType: string, value: number, significant = 0): string {
  const min = sensorType === 'ELECTRICITY' ? 2 : 0;
  let max = sensorType === 'ELECTRICITY' ? 2 : sensorType === 'WATER_FLOW' ? 1 : 0;
  if (significant > 0 && value !== 0 && Number.isFinite(value)) {
    const wholeDigits = Math.floor(Math.log10(Math.abs(value))) + 1;
    max = Math.min(4, Math.max(max, significant - wholeDigits));
  }
  return value.toLocaleString(undefined, { minimumFractionDigits: min, maximumFractionDigits: max });
}

/** Theme colours of the rule states, on gauges and pills alike (docs/domain.md#cards); grey when nothing judges. */
export const STATE_COLORS: Record<RuleState | 'none', string> = {
  ok: 'green',
  close: 'yellow',
  exceeded: 'red',
  none: 'gray',
};
