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
