import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { placeOf } from '@greenpod/contracts';
import { describe, expect, it } from 'vitest';
import { countryFinder } from './country-at';
import { type CountriesTopology, countriesOf } from './world-countries';

// The same Natural Earth file the browser fetches, read from disk.
const topology = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('world-atlas/countries-50m.json'), 'utf8'),
) as CountriesTopology;
const shapes = countriesOf(topology);
const countryAt = countryFinder(shapes);
const at = (latitude: number, longitude: number) => ({ latitude, longitude });

describe('the country under a point, by the 1:50m outlines', () => {
  it.each([
    [at(41.2, -8.3), 'Portugal'],
    [at(40.4168, -3.7038), 'Spain'],
    [at(51.5072, -0.1276), 'United Kingdom'],
    [at(54.5973, -5.9301), 'United Kingdom'], // Belfast
    [at(53.3498, -6.2603), 'Ireland'],
    [at(25.2048, 55.2708), 'United Arab Emirates'],
    [at(37.9838, 23.7275), 'Greece'],
    [at(-33.87, 151.21), 'Australia'],
    [at(40, -30), undefined], // the Atlantic
    [at(41.9, 12.45), 'Italy'],
    [at(66, -175), 'Russia'], // Chukotka, east of the antimeridian
    [at(66, 170), 'Russia'],
    [at(69, 20), 'Norway'], // on the latitude of Russia's antimeridian crossing
  ])('%o is in %s', (point, name) => {
    expect(countryAt(point)).toBe(name);
  });

  it('keeps every ring but the polar ones free of jumps round the world, so the map draws no line across it', () => {
    const jumps = shapes.features.flatMap((f) =>
      (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates)
        .flat()
        .filter((ring) => ring.some(([lng = 0], i) => i > 0 && Math.abs(lng - (ring[i - 1]?.[0] ?? 0)) > 180))
        .map(() => f.properties.name),
    );
    expect([...new Set(jumps)]).toEqual(['Antarctica']);
  });

  it('with the gazetteer, makes a point near Porto Portugal / Porto and one in Edinburgh Scotland', () => {
    expect(placeOf(at(41.2, -8.3), countryAt)).toMatchObject({ found: true, country: 'Portugal', city: 'Porto' });
    expect(placeOf(at(55.9533, -3.1883), countryAt)).toMatchObject({ found: false, country: 'Scotland' });
  });
});
