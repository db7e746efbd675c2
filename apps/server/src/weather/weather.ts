import { type CITIES, type LatLng, OFFERED_CITIES, type Weather } from '@greenpod/contracts';

export type City = (typeof CITIES)[number];

/** A source of weather; null when it has none for the city or cannot be reached. */
export interface WeatherProvider {
  current(city: City): Promise<Weather | null>;
}

// The offered cities are a fixed list, so their coordinates need no geocoding service: the gazetteer's.
export const CITY_COORDINATES: Record<City, LatLng> = OFFERED_CITIES;

/** WMO weather interpretation codes, as Open-Meteo and most forecast services report them. */
export function describeWeatherCode(code: number): string {
  if (code === 0) return 'Clear';
  if (code <= 2) return 'Partly cloudy';
  if (code === 3) return 'Overcast';
  if (code === 45 || code === 48) return 'Fog';
  if (code >= 51 && code <= 57) return 'Drizzle';
  if ((code >= 61 && code <= 67) || (code >= 80 && code <= 82)) return 'Rain';
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'Snow';
  if (code >= 95) return 'Thunderstorm';
  return 'Unknown';
}
