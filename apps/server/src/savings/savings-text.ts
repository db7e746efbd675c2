import type { SavingMethod } from '@greenpod/contracts';
import type { BaselineModel } from './model';

/** The method in words (docs/domain.md#savings). */
export function methodText(method: SavingMethod, card: Pick<BaselineModel, 'drivers'> | null): string {
  if (method === 'tariff' || !card) return "against the tariff's fixed baseline";
  const weather = card.drivers.includes('hdd') || card.drivers.includes('cdd');
  const occupancy = card.drivers.includes('occupancy');
  if (weather && occupancy) return 'against the measured baseline: weather and occupancy';
  if (weather) return 'against the measured baseline: weather';
  if (occupancy) return 'against the measured baseline: occupancy';
  return 'against the measured baseline';
}

/** A fraction as a percentage with `digits` decimals; a rounding to zero reads "0.0", never "-0.0" (a base-only model's adjusted R-squared). */
export function percentText(x: number | null, digits = 1): string {
  if (x === null) return 'n/a';
  const text = (x * 100).toFixed(digits);
  return Number(text) === 0 ? (0).toFixed(digits) : text;
}
