import { type GeocodeResult, geocodeResultSchema } from '@greenpod/contracts';
import { z } from 'zod';

/** How many addresses one search answers. */
export const GEOCODE_LIMIT = 5;
const LABEL_MAX = 300;

// Only what we read of a Nominatim /search answer (format=jsonv2); its coordinates come as strings.
const nominatimAnswer = z.array(
  z.object({ lat: z.coerce.number(), lon: z.coerce.number(), display_name: z.string() }).loose(),
);

/** The geocoder could not answer (unreachable, slow, an error status or an answer we cannot read). */
export class GeocoderUnavailable extends Error {}

/**
 * A Nominatim-compatible geocoder at `baseUrl` (GEOCODER_URL), asked for addresses in the United Kingdom
 * only (docs/domain.md#the-map). `userAgent` names this installation, as Nominatim's usage policy asks.
 */
export function nominatim(baseUrl: string, userAgent: string, timeoutMs = 5000) {
  const searchUrl = `${baseUrl.replace(/\/+$/, '')}/search`;
  return async function search(query: string): Promise<GeocodeResult[]> {
    const url = new URL(searchUrl);
    url.search = new URLSearchParams({
      q: query,
      format: 'jsonv2',
      countrycodes: 'gb',
      limit: String(GEOCODE_LIMIT),
    }).toString();
    let body: unknown;
    try {
      const res = await fetch(url, {
        headers: { Accept: 'application/json', 'Accept-Language': 'en', 'User-Agent': userAgent },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      if (!res.ok) throw new GeocoderUnavailable(`The geocoder answered ${res.status}`);
      body = await res.json();
    } catch (failure) {
      throw failure instanceof GeocoderUnavailable ? failure : new GeocoderUnavailable(String(failure));
    }
    const parsed = nominatimAnswer.safeParse(body);
    if (!parsed.success) throw new GeocoderUnavailable('The geocoder answered something else than addresses');
    return parsed.data
      .map((hit) => ({ label: hit.display_name.slice(0, LABEL_MAX), latitude: hit.lat, longitude: hit.lon }))
      .filter((hit) => geocodeResultSchema.safeParse(hit).success)
      .slice(0, GEOCODE_LIMIT);
  };
}
