import { describe, expect, it } from 'vitest';
import { COUNTRY_OF_ATLAS_NAME, distanceKm, type LatLng, OFFERED_CITIES, PLACE_MESSAGES, placeOf } from './gazetteer';

const at = (latitude: number, longitude: number): LatLng => ({ latitude, longitude });
// The atlas answer is the caller's; these tests name it outright.
const inCountry = (name: string | undefined) => () => name;

describe('placeOf', () => {
  it.each([
    ['Porto itself', at(41.1579, -8.6291), 'Portugal', 'Portugal', 'Porto'],
    ['Vila Nova de Gaia, across the Douro', at(41.124, -8.611), 'Portugal', 'Portugal', 'Porto'],
    ['Sharjah, nearer Dubai than Ras al-Khaimah', at(25.3463, 55.4209), 'United Arab Emirates', 'UAE', 'Dubai'],
    ['Al Jazirah al Hamra', at(25.7, 55.8), 'United Arab Emirates', 'UAE', 'Ras al-Khaimah'],
    ['Abu Dhabi island', at(24.47, 54.37), 'United Arab Emirates', 'UAE', 'Abu Dhabi'],
    ['Piraeus', at(37.9429, 23.6469), 'Greece', 'Greece', 'Athens'],
    ['Croydon', at(51.3762, -0.0982), 'United Kingdom', 'UK', 'London'],
  ])('%s is %s / %s', (_, point, atlas, country, city) => {
    expect(placeOf(point, inCountry(atlas))).toMatchObject({ found: true, country, city });
  });

  it('takes the nearest offered city of the country, not of another', () => {
    const place = placeOf(at(25.5, 55.6), inCountry('United Arab Emirates'));
    expect(place).toMatchObject({ found: true, city: 'Dubai' });
    if (place.found) expect(place.distanceKm).toBeCloseTo(distanceKm(at(25.5, 55.6), OFFERED_CITIES.Dubai), 6);
  });

  it('has no city farther than 50 km from every offered one, and keeps the country', () => {
    // Lisbon is about 275 km from Porto; Oxford about 83 km from London.
    expect(placeOf(at(38.7223, -9.1393), inCountry('Portugal'))).toEqual({
      found: false,
      country: 'Portugal',
      message: PLACE_MESSAGES.noCity,
    });
    expect(placeOf(at(51.752, -1.2577), inCountry('United Kingdom'))).toMatchObject({ found: false, country: 'UK' });
    expect(PLACE_MESSAGES.noCity).toBe(
      'No offered city within 50 km of this point. Offered cities: Dubai, London, Athens, Abu Dhabi, Ras al-Khaimah, Porto.',
    );
  });

  it('names an unoffered country and says when there is no country at all', () => {
    expect(placeOf(at(40.4168, -3.7038), inCountry('Spain'))).toEqual({
      found: false,
      country: null,
      message:
        'This point is in Spain, which Greenpod does not offer. Offered countries: UAE, UK, Greece, Scotland, Ireland, Portugal.',
    });
    expect(placeOf(at(40, -20), inCountry(undefined))).toEqual({
      found: false,
      country: null,
      message: PLACE_MESSAGES.noCountry,
    });
  });

  it('is Ireland for the republic, whatever the distance to London', () => {
    expect(placeOf(at(53.3498, -6.2603), inCountry('Ireland'))).toMatchObject({ found: false, country: 'Ireland' });
  });

  it('finds every offered city at its own centre, in its own country', () => {
    const atlasName = Object.fromEntries(Object.entries(COUNTRY_OF_ATLAS_NAME).map(([name, c]) => [c, name]));
    for (const [city, place] of Object.entries(OFFERED_CITIES)) {
      expect(placeOf(place, inCountry(atlasName[place.country])), city).toMatchObject({ found: true, city });
    }
  });
});

describe('Scotland is the United Kingdom north of the border', () => {
  it.each([
    ['Edinburgh', at(55.9533, -3.1883)],
    ['Glasgow', at(55.8642, -4.2518)],
    ['Eyemouth', at(55.8706, -2.0906)],
    ['Coldstream', at(55.6481, -2.2555)],
    ['Jedburgh', at(55.4779, -2.5549)],
    ['Newcastleton', at(55.1817, -2.8116)],
    ['Gretna', at(55.0017, -3.0648)],
    ['Annan', at(54.9877, -3.2616)],
    ['Southerness', at(54.8752, -3.5991)],
    ['Portpatrick', at(54.8425, -5.1171)],
    ['Campbeltown', at(55.4253, -5.6055)],
    ['Port Ellen, Islay', at(55.6281, -6.1896)],
    ['Stornoway', at(58.2093, -6.3865)],
    ['Kirkwall', at(58.981, -2.9605)],
    ['Lerwick', at(60.1546, -1.1494)],
  ])('%s', (_, point) => {
    expect(placeOf(point, inCountry('United Kingdom'))).toMatchObject({ found: false, country: 'Scotland' });
  });

  it.each([
    ['Berwick-upon-Tweed', at(55.7704, -2.0054)],
    ['Norham', at(55.7204, -2.1655)],
    ['Kielder', at(55.2343, -2.5815)],
    ['Longtown', at(55.0097, -2.9705)],
    ['Carlisle', at(54.8925, -2.9329)],
    ['Silloth', at(54.8702, -3.3876)],
    ['Maryport', at(54.7128, -3.4947)],
    ['Newcastle', at(54.9783, -1.6178)],
    ['Larne', at(54.8578, -5.8236)],
    ['Donaghadee', at(54.6419, -5.5372)],
    ['Rathlin Island', at(55.2926, -6.1953)],
    ['Derry', at(54.9966, -7.3086)],
  ])('%s stays UK', (_, point) => {
    expect(placeOf(point, inCountry('United Kingdom'))).toMatchObject({ country: 'UK' });
  });

  it('applies only to points the atlas puts in the United Kingdom', () => {
    // Malin Head, Donegal, is north of the North Channel line but in Ireland.
    expect(placeOf(at(55.3807, -7.3742), inCountry('Ireland'))).toMatchObject({ country: 'Ireland' });
  });
});
