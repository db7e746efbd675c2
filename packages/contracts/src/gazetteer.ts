import { CITIES, COUNTRIES } from './choices';

/**
 * The offline gazetteer (docs/domain.md#the-map): which offered country and city a point on the map is.
 * Small on purpose: the country under a point comes from the caller (the web looks it up in Natural
 * Earth's outlines), so this file holds only the offered places and the rules.
 */

export type City = (typeof CITIES)[number];
export type Country = (typeof COUNTRIES)[number];

/** A point, in degrees (WGS 84). */
export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Each offered city: where its centre is and the offered country it lies in. */
export const OFFERED_CITIES: Readonly<Record<City, LatLng & { country: Country }>> = {
  Dubai: { country: 'UAE', latitude: 25.2048, longitude: 55.2708 },
  London: { country: 'UK', latitude: 51.5072, longitude: -0.1276 },
  Athens: { country: 'Greece', latitude: 37.9838, longitude: 23.7275 },
  'Abu Dhabi': { country: 'UAE', latitude: 24.4539, longitude: 54.3773 },
  'Ras al-Khaimah': { country: 'UAE', latitude: 25.8007, longitude: 55.9762 },
  Porto: { country: 'Portugal', latitude: 41.1579, longitude: -8.6291 },
};

/** A point farther than this from every offered city of its country has no city. */
export const MAX_CITY_DISTANCE_KM = 50;

/** Natural Earth's name of each offered country (Scotland is a part of the United Kingdom there). */
export const COUNTRY_OF_ATLAS_NAME: Readonly<Record<string, Country>> = {
  'United Arab Emirates': 'UAE',
  'United Kingdom': 'UK',
  Greece: 'Greece',
  Ireland: 'Ireland',
  Portugal: 'Portugal',
};

/**
 * The part of the United Kingdom that is Scotland, as [longitude, latitude] corners: the Anglo-Scottish
 * border from Marshall Meadows Bay to the Sark's mouth (to within a few kilometres), then lines through
 * the Solway Firth and the North Channel (Northern Ireland stays south of them) and round the sea to
 * Shetland. Only used for points already known to be in the United Kingdom.
 */
export const SCOTLAND_OUTLINE: readonly (readonly [number, number])[] = [
  [-2.035, 55.811], // Marshall Meadows Bay, where the border meets the North Sea
  [-2.09, 55.78],
  [-2.17, 55.728], // the Tweed, Ladykirk (north bank) against Norham
  [-2.247, 55.644], // the Tweed at Coldstream Bridge
  [-2.32, 55.635], // Carham, where the border leaves the Tweed
  [-2.27, 55.55], // east of Kirk Yetholm
  [-2.17, 55.47], // the Cheviot ridge
  [-2.2, 55.4], // Windy Gyle
  [-2.48, 55.35], // Carter Bar
  [-2.67, 55.25], // Deadwater
  [-2.8, 55.12], // Kershope Foot, Liddel Water
  [-2.97, 55.04], // the Sark
  [-3.06, 54.98], // the Sark's mouth in the Solway Firth
  [-3.3, 54.94], // mid-firth, between Annan and Bowness-on-Solway
  [-3.55, 54.82], // between Southerness and Silloth
  [-4.2, 54.6], // the Irish Sea, south of the Machars
  [-5.15, 54.6], // between the Mull of Galloway and the Ards peninsula
  [-5.55, 55.0], // the North Channel, between Corsewall Point and Larne
  [-5.97, 55.3], // between the Mull of Kintyre and Fair Head
  [-6.3, 55.45], // between Islay and Rathlin Island
  [-10, 55.45],
  [-10, 61.5], // round St Kilda and Shetland
  [0.5, 61.5],
  [0.5, 55.811],
];

/** Ray casting: whether a point is inside a simple polygon of [longitude, latitude] corners. */
export function insidePolygon(point: LatLng, outline: readonly (readonly [number, number])[]): boolean {
  const { longitude: x, latitude: y } = point;
  let inside = false;
  for (let i = 0, j = outline.length - 1; i < outline.length; j = i++) {
    const [xi, yi] = outline[i] as readonly [number, number];
    const [xj, yj] = outline[j] as readonly [number, number];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance (haversine), in kilometres. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Finds the country under a point, by its Natural Earth name; undefined at sea. */
export type CountryAt = (point: LatLng) => string | undefined;

/** What a point is: an offered country and city, or why it is not one (the country, when offered). */
export type Place =
  | { found: true; country: Country; city: City; distanceKm: number }
  | { found: false; country: Country | null; message: string };

const offeredCountries = COUNTRIES.join(', ');
const offeredCities = CITIES.join(', ');

export const PLACE_MESSAGES = {
  noCountry: `There is no country at this point. Offered countries: ${offeredCountries}.`,
  unoffered: (name: string) =>
    `This point is in ${name}, which Greenpod does not offer. Offered countries: ${offeredCountries}.`,
  noCity: `No offered city within ${MAX_CITY_DISTANCE_KM} km of this point. Offered cities: ${offeredCities}.`,
};

/** The offered country of a point, from the country the atlas finds there. */
function offeredCountry(point: LatLng, atlasName: string): Country | undefined {
  const country = COUNTRY_OF_ATLAS_NAME[atlasName];
  return country === 'UK' && insidePolygon(point, SCOTLAND_OUTLINE) ? 'Scotland' : country;
}

/**
 * docs/domain.md#the-map: the offered country at a point and its nearest offered city within
 * MAX_CITY_DISTANCE_KM, or a message saying why the point has none.
 */
export function placeOf(point: LatLng, countryAt: CountryAt): Place {
  const atlasName = countryAt(point);
  if (atlasName === undefined) return { found: false, country: null, message: PLACE_MESSAGES.noCountry };
  const country = offeredCountry(point, atlasName);
  if (!country) return { found: false, country: null, message: PLACE_MESSAGES.unoffered(atlasName) };
  let nearest: { city: City; distanceKm: number } | undefined;
  for (const city of CITIES) {
    const place = OFFERED_CITIES[city];
    if (place.country !== country) continue;
    const km = distanceKm(point, place);
    if (km <= MAX_CITY_DISTANCE_KM && (!nearest || km < nearest.distanceKm)) nearest = { city, distanceKm: km };
  }
  return nearest ? { found: true, country, ...nearest } : { found: false, country, message: PLACE_MESSAGES.noCity };
}
