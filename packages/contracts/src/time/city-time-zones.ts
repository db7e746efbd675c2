import type { CITIES } from '../choices';

/**
 * The IANA time zone of each city a location may name (contracts' CITIES): the green score counts an
 * area without a motion sensor as occupied 07:00-22:00 on its location's clock (docs/domain.md#green-score).
 */
export const CITY_TIME_ZONES: Record<(typeof CITIES)[number], string> = {
  Dubai: 'Asia/Dubai',
  London: 'Europe/London',
  Athens: 'Europe/Athens',
  'Abu Dhabi': 'Asia/Dubai',
  'Ras al-Khaimah': 'Asia/Dubai',
  Porto: 'Europe/Lisbon',
};

/** A city's time zone; UTC for a city not on the list (a value stored before the list changed). */
export const cityTimeZone = (city: string | null | undefined): string =>
  (city && (CITY_TIME_ZONES as Record<string, string>)[city]) || 'UTC';
