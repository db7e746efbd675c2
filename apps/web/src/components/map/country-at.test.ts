import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { placeOf } from '@greenpod/contracts';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { countryFinder } from './country-at';
import type { CountryShapes } from './world-countries';

// The same Natural Earth file the browser fetches, read from disk.
const topology = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('world-atlas/countries-50m.json'), 'utf8'),
) as Topology<{ countries: GeometryCollection<{ name: string }> }>;
const countryAt = countryFinder(feature(topology, topology.objects.countries) as CountryShapes);
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
    [at(41.9, 12.45), 'Italy'], // Rome: the Vatican is a hole in Italy's outline
  ])('%o is in %s', (point, name) => {
    expect(countryAt(point)).toBe(name);
  });

  it('with the gazetteer, makes a point near Porto Portugal / Porto and one in Edinburgh Scotland', () => {
    expect(placeOf(at(41.2, -8.3), countryAt)).toMatchObject({ found: true, country: 'Portugal', city: 'Porto' });
    expect(placeOf(at(55.9533, -3.1883), countryAt)).toMatchObject({ found: false, country: 'Scotland' });
  });
});
