import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// Natural Earth 1:50m country outlines (world-atlas), fetched as a hashed static file when a map first
// shows, so no page without a map pays for the world.
import countriesUrl from 'world-atlas/countries-50m.json?url';

export type CountryShape = Feature<Polygon | MultiPolygon, { name: string }>;
export type CountryShapes = FeatureCollection<Polygon | MultiPolygon, { name: string }>;

let loading: Promise<CountryShapes> | null = null;

/** The world's countries as GeoJSON, each named as Natural Earth names it ("United Kingdom"); loaded once. */
export function loadCountries(): Promise<CountryShapes> {
  loading ??= fetch(countriesUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`The world map did not load (${response.status})`);
      return response.json() as Promise<Topology<{ countries: GeometryCollection<{ name: string }> }>>;
    })
    .then((topology) => feature(topology, topology.objects.countries) as CountryShapes)
    .catch((failure: unknown) => {
      loading = null; // a later map may try again
      throw failure;
    });
  return loading;
}
