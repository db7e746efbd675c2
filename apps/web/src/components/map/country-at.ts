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
  const box: Outline['box'] = [Number.POSITIVE_INFINITY, 90, Number.NEGATIVE_INFINITY, -90];
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
  // An outline continued across the antimeridian lies partly beyond 180 degrees: a point is tried there too.
  const inside = ({ box, polygons }: Outline, point: LatLng) =>
    point.longitude >= box[0] &&
    point.longitude <= box[2] &&
    point.latitude >= box[1] &&
    point.latitude <= box[3] &&
    polygons.some((p) => within(point, p));
  return (point) => {
    const beyond = { ...point, longitude: point.longitude + 360 };
    return outlines.find((outline) => inside(outline, point) || inside(outline, beyond))?.name;
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
