import { z } from 'zod';

/**
 * What the web's maps need from the server (docs/api.md#the-map): the tile server, its credit line and
 * whether an address search is on. `tileUrl` is empty when tiles are off: the offline basemap alone.
 */
export const mapSettingsSchema = z.object({
  /** A Leaflet URL template such as https://tile.openstreetmap.org/{z}/{x}/{y}.png, or ''. */
  tileUrl: z.string(),
  /** The tile server's credit line (HTML with links, set by the operator). */
  attribution: z.string(),
  /** True when GEOCODER_URL is set: the location form shows its address search. */
  geocoder: z.boolean(),
});
export type MapSettings = z.infer<typeof mapSettingsSchema>;

/** docs/domain.md#the-map: a map opens at zoom 4; the location form's map at zoom 2. */
export const MAP_ZOOM = { default: 4, locationForm: 2 } as const;

export const GEOCODE_QUERY_MAX = 200;

export const geocodeQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(3, 'Type at least 3 characters of an address')
    .max(GEOCODE_QUERY_MAX, `An address has at most ${GEOCODE_QUERY_MAX} characters`),
});

/** One address the search found (in the UK only: docs/domain.md#the-map). */
export const geocodeResultSchema = z.object({
  label: z.string(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type GeocodeResult = z.infer<typeof geocodeResultSchema>;
