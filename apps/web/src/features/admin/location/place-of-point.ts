import { type LatLng, type Place, placeOf } from '@greenpod/contracts';
import { loadCountryFinder } from '../../../components/map/country-at';

export const WORLD_NOT_LOADED =
  'The world map did not load, so the country and city cannot be found. Reload the page to try again.';

/** Degrees kept: 6 decimals is about 10 cm, finer than any building needs. */
export const roundDegrees = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/** A point from the form's latitude and longitude inputs, when both are numbers in range. */
export function pointOf(values: Record<string, unknown>): LatLng | null {
  const latitude = Number.parseFloat(String(values.latitude ?? ''));
  const longitude = Number.parseFloat(String(values.longitude ?? ''));
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** The gazetteer's answer for a point (docs/domain.md#the-map), the world's outlines loaded first. */
export async function placeAt(point: LatLng): Promise<Place> {
  try {
    return placeOf(point, await loadCountryFinder());
  } catch {
    return { found: false, country: null, message: WORLD_NOT_LOADED };
  }
}
