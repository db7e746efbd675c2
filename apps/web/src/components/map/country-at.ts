import { type CountryAt, insidePolygon, type LatLng } from '@greenpod/contracts';
import type { Position } from 'geojson';
import { type CountryShapes, loadCountries } from './world-countries';

type Ring = readonly (readonly [number, number])[];
interface Outline {
  name: string;
  /** west, south, east, north: most points are ruled out by it alone. */
  box: [number, number, number, number];
  /** Each polygon: its outer ring, then its holes. */
  polygons: Ring[][];
}

const ring = (positions: Position[]) => positions as unknown as Ring;

function outlineOf(feature: CountryShapes['features'][number]): Outline {
  const { geometry } = feature;
  const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates).map((p) =>
    p.map(ring),
  );
  const box: Outline['box'] = [180, 90, -180, -90];
  for (const polygon of polygons) {
    for (const [lng, lat] of polygon[0] ?? []) {
      box[0] = Math.min(box[0], lng);
      box[1] = Math.min(box[1], lat);
      box[2] = Math.max(box[2], lng);
      box[3] = Math.max(box[3], lat);
    }
  }
  return { name: feature.properties.name, box, polygons };
}

const within = (point: LatLng, [outer, ...holes]: Ring[]) =>
  outer !== undefined && insidePolygon(point, outer) && !holes.some((hole) => insidePolygon(point, hole));

/** The country under a point by Natural Earth's 1:50m outlines (for the gazetteer, docs/domain.md#the-map). */
export function countryFinder(shapes: CountryShapes): CountryAt {
  const outlines = shapes.features.map(outlineOf);
  return (point) => {
    const { longitude: x, latitude: y } = point;
    return outlines.find(
      ({ box, polygons }) =>
        x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3] && polygons.some((p) => within(point, p)),
    )?.name;
  };
}

let finding: Promise<CountryAt> | null = null;

/** The finder over the world the base map loads (one download for both). */
export function loadCountryFinder(): Promise<CountryAt> {
  finding ??= loadCountries()
    .then(countryFinder)
    .catch((failure: unknown) => {
      finding = null;
      throw failure;
    });
  return finding;
}
