import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// Natural Earth 1:50m country outlines (world-atlas), fetched as a hashed static file when a map first
// shows, so no page without a map pays for the world.
import countriesUrl from 'world-atlas/countries-50m.json?url';

export type CountryShape = Feature<Polygon | MultiPolygon, { name: string }>;
export type CountryShapes = FeatureCollection<Polygon | MultiPolygon, { name: string }>;
export type CountriesTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>;

/**
 * A ring that crosses the antimeridian (Russia's Chukotka, Fiji) jumps from 180 to -180, which a map
 * draws as a line round the world: its points are shifted by 360 degrees to stay continuous. A ring round
 * the pole (Antarctica) cannot be, and stays as it is.
 */
function continuous(ring: Position[]): Position[] {
  let shift = 0;
  let previous = ring[0]?.[0] ?? 0;
  const shifted = ring.map(([lng = 0, lat = 0]) => {
    const step = lng + shift - previous;
    if (step > 180) shift -= 360;
    else if (step < -180) shift += 360;
    previous = lng + shift;
    return [previous, lat];
  });
  return shift === 0 ? shifted : ring;
}

/** The countries of world-atlas's TopoJSON as GeoJSON, their rings continuous across the antimeridian. */
export function countriesOf(topology: CountriesTopology): CountryShapes {
  const shapes = feature(topology, topology.objects.countries) as CountryShapes;
  for (const { geometry } of shapes.features) {
    if (geometry.type === 'Polygon') geometry.coordinates = geometry.coordinates.map(continuous);
    else geometry.coordinates = geometry.coordinates.map((polygon) => polygon.map(continuous));
  }
  return shapes;
}

let loading: Promise<CountryShapes> | null = null;

/** The world's countries, each named as Natural Earth names it ("United Kingdom"); loaded once. */
export function loadCountries(): Promise<CountryShapes> {
  loading ??= fetch(countriesUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`The world map did not load (${response.status})`);
      return response.json() as Promise<CountriesTopology>;
    })
    .then(countriesOf)
    .catch((failure: unknown) => {
      loading = null; // a later map may try again
      throw failure;
    });
  return loading;
}
