import { PERIOD_TYPES, SENSOR_LABELS } from '@greenpod/contracts';

const PERIOD_LABELS: Record<string, string> = { DAILY: 'Daily', WEEKLY: 'Weekly', MONTHLY: 'Monthly' };

/** How an enum value reads on screen: 230 -> 230V, AIR_QUALITY -> Air Quality, DAILY -> Daily. */
export function enumLabel(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (field === 'voltage') return `${value}V`;
  const key = String(value);
  if (key in SENSOR_LABELS) return SENSOR_LABELS[key as keyof typeof SENSOR_LABELS];
  if ((PERIOD_TYPES as readonly string[]).includes(key)) return PERIOD_LABELS[key] ?? key;
  return key;
}
