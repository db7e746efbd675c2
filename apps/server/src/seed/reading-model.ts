import { SENSOR_RANGES, SENSOR_TYPES, type SensorType } from '@greenpod/contracts';

/**
 * A pure model of what a pod in a hotel room or a nursery room reads at a given moment. The demo
 * seed and the simulator share it, so a year of history and the live stream look like one building.
 * Occupancy drives motion, lighting, electricity, water and air quality; the city's climate, the
 * season and the passing weather drive temperature, humidity and the heating and cooling. An outdoor
 * pod reads the weather its location's rooms answer to, so the savings' degree days explain their use
 * (docs/domain.md#consumption).
 */
export type BuildingKind = 'hotel' | 'nursery';

export interface Climate {
  /** Standard UTC offset in hours; local hours drive occupancy. */
  utcOffset: number;
  /** European summer time (approximated as April..October): a room's day follows the wall clock. */
  summerTime: boolean;
  /** Outdoor mean °C over the year and the half-swing between winter and summer. */
  meanTemp: number;
  seasonalSwing: number;
  /** Typical indoor relative humidity in %, before showers and breathing add to it. */
  humidity: number;
  /** 0..1: how much daylight reaches the rooms (Gulf sun vs London cloud). */
  sunshine: number;
}

// Daily means (season +/- the passing weather's 2 °C), then the day's +/- 4 °C on top: Dubai 19-37 °C
// (15-41 at the extremes of a day), London 3-20, Athens 8-30, Porto 8-23.
export const CLIMATES = {
  Dubai: { utcOffset: 4, summerTime: false, meanTemp: 28, seasonalSwing: 7, humidity: 50, sunshine: 0.95 },
  'Abu Dhabi': { utcOffset: 4, summerTime: false, meanTemp: 28, seasonalSwing: 7, humidity: 48, sunshine: 0.95 },
  'Ras al-Khaimah': { utcOffset: 4, summerTime: false, meanTemp: 27, seasonalSwing: 7, humidity: 52, sunshine: 0.9 },
  London: { utcOffset: 0, summerTime: true, meanTemp: 11.5, seasonalSwing: 6.5, humidity: 47, sunshine: 0.45 },
  Athens: { utcOffset: 2, summerTime: true, meanTemp: 19, seasonalSwing: 9, humidity: 42, sunshine: 0.8 },
  Porto: { utcOffset: 0, summerTime: true, meanTemp: 15.5, seasonalSwing: 5, humidity: 50, sunshine: 0.65 },
} satisfies Record<string, Climate>;
export type City = keyof typeof CLIMATES;

export interface PodProfile {
  kind: BuildingKind;
  city: City;
  voltage: number;
  /** Per-pod variety (0.7..1.3): rooms differ in size and habits, so pods do not read alike. */
  scale: number;
  /** Per-location phase of the weather wave, so cities do not share one barometer. */
  weatherPhase: number;
  /** An outdoor pod: it reads its location's weather, temperature only (OUTDOOR_SENSORS). */
  outdoor?: boolean;
  /** An energy measure (LED lighting): from this UTC day (yyyy-MM-dd) on, electricity is `factor` of before. */
  measure?: { from: string; factor: number };
}

/** What an outdoor pod carries: the temperature its location's degree days come from. */
export const OUTDOOR_SENSORS: readonly SensorType[] = ['TEMPERATURE'];
/** The sensor kinds a pod of this profile reads. */
export const podSensorTypes = (profile: Pick<PodProfile, 'outdoor'>): readonly SensorType[] =>
  profile.outdoor ? OUTDOOR_SENSORS : SENSOR_TYPES;

/** Heating runs below this daily mean outdoor °C, cooling above the other (what the baseline model finds). */
export const HEATING_BELOW_C = 15;
export const COOLING_ABOVE_C = 22;

export type Readings = Record<SensorType, number>;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Wall-clock hour (fractional), weekday (0 = Sunday) and day (days since 1970, local) at the pod's location. */
export function localTime(
  time: Date,
  climate: Climate,
): { hour: number; weekday: number; dayOfYear: number; day: number } {
  const month = time.getUTCMonth();
  const offset = climate.utcOffset + (climate.summerTime && month >= 3 && month <= 9 ? 1 : 0);
  const local = new Date(time.getTime() + offset * HOUR_MS);
  const hour = local.getUTCHours() + local.getUTCMinutes() / 60;
  const dayOfYear = Math.floor((local.getTime() - Date.UTC(local.getUTCFullYear(), 0, 1)) / DAY_MS);
  return { hour, weekday: local.getUTCDay(), dayOfYear, day: Math.floor(local.getTime() / DAY_MS) };
}

// Share of the room in use, by local hour. Hotel guests are out by day and asleep (still) at night;
// a nursery fills from 7:30, naps after lunch, empties by 18:00 and stays shut at weekends.
const HOTEL_WEEKDAY = [
  0.06, 0.04, 0.03, 0.03, 0.03, 0.05, 0.2, 0.65, 0.7, 0.45, 0.25, 0.18, 0.2, 0.2, 0.22, 0.25, 0.3, 0.45, 0.6, 0.72,
  0.78, 0.75, 0.55, 0.25,
];
const HOTEL_WEEKEND = [
  0.1, 0.06, 0.04, 0.03, 0.03, 0.04, 0.1, 0.3, 0.55, 0.65, 0.55, 0.4, 0.35, 0.35, 0.35, 0.4, 0.45, 0.55, 0.65, 0.75,
  0.8, 0.78, 0.62, 0.35,
];
const NURSERY_WEEKDAY = [
  0, 0, 0, 0, 0, 0, 0.02, 0.3, 0.75, 0.9, 0.92, 0.85, 0.7, 0.35, 0.4, 0.8, 0.85, 0.6, 0.25, 0.03, 0, 0, 0, 0,
];

/** 0..1 occupancy of a room of this kind at this local hour and weekday (0 = Sunday). */
export function occupancy(kind: BuildingKind, hour: number, weekday: number): number {
  const weekend = weekday === 0 || weekday === 6;
  if (kind === 'nursery' && weekend) return 0;
  const table = kind === 'hotel' ? (weekend ? HOTEL_WEEKEND : HOTEL_WEEKDAY) : NURSERY_WEEKDAY;
  // Interpolate between hours so the curve has no steps at the top of each hour.
  const h = ((hour % 24) + 24) % 24;
  const i = Math.floor(h);
  const a = table[i] ?? 0;
  const b = table[(i + 1) % 24] ?? 0;
  return a + (b - a) * (h - i);
}

/** Outdoor °C: the season (warmest late July) plus the day's swing (warmest at 15:00). */
export function outdoorTemp(climate: Climate, dayOfYear: number, hour: number): number {
  const season = Math.cos(((dayOfYear - 200) / 365) * 2 * Math.PI);
  const day = Math.cos(((hour - 15) / 24) * 2 * Math.PI);
  return climate.meanTemp + climate.seasonalSwing * season + 4 * day;
}

/**
 * The weather without the day's swing, °C: the season plus warm and cold spells of a few days (+/- 2 °C),
 * a pure function of the time and the location's phase, so every pod of a location (outdoor or not) and
 * the live stream share it. A day's mean outdoor reading is this (the day's swing averages out over any
 * 24 hours), and the rooms' heating and cooling follow it: buildings answer the day, not the hour.
 */
export function dailyWeather(climate: Climate, time: Date, weatherPhase: number): number {
  const t = time.getTime();
  const dayOfYear = (t - Date.UTC(time.getUTCFullYear(), 0, 1)) / DAY_MS;
  const season = Math.cos(((dayOfYear - 200) / 365) * 2 * Math.PI);
  const spells =
    1.3 * Math.sin(t / (3.1 * DAY_MS) + weatherPhase) + 0.7 * Math.sin(t / (8.3 * DAY_MS) + 2.3 * weatherPhase);
  return climate.meanTemp + climate.seasonalSwing * season + spells;
}

// Who is in. A hotel room is booked for a night or not, and its guests are in from the evening to the
// morning; a nursery is open 7:00-18:00 on weekdays except a few closed days. Decided per pod and hour
// by a hash (not `rand`), so the twelve readings of an hour, the seeded history and the live stream
// agree: MOTION's hourly maximum then counts the hours in use, the savings' occupied hours.
const HOTEL_STAY = [
  0.97, 0.97, 0.97, 0.97, 0.97, 0.97, 0.95, 0.92, 0.8, 0.45, 0.25, 0.2, 0.25, 0.25, 0.25, 0.3, 0.45, 0.7, 0.85, 0.92,
  0.95, 0.97, 0.97, 0.97,
];
const NURSERY_OPEN = [
  0, 0, 0, 0, 0, 0, 0, 0.75, 0.97, 0.98, 0.98, 0.98, 0.98, 0.98, 0.98, 0.98, 0.97, 0.8, 0.15, 0, 0, 0, 0, 0,
];

/** A uniform 0..1 from two integers (a 32-bit mix): the same inputs give the same draw everywhere. */
export function hashUnit(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul((b + 0x632be5ab) | 0, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 4_294_967_296;
}

/** An integer per pod from its random scale: rooms draw their bookings independently. */
const podKey = (profile: PodProfile) => Math.floor(profile.scale * 1e9) ^ Math.floor(profile.weatherPhase * 1e3);

/** Whether the room is in use in this local hour (see HOTEL_STAY). */
export function inUse(profile: PodProfile, day: number, hour: number, weekday: number): boolean {
  const key = podKey(profile);
  const h = Math.floor(hour);
  if (profile.kind === 'nursery') {
    // Closed at weekends and on about one weekday in 25 (holidays, training days).
    if (weekday === 0 || weekday === 6 || hashUnit(key, day * 3 + 1) < 0.04) return false;
    return hashUnit(key, day * 24 + h) < (NURSERY_OPEN[h] ?? 0);
  }
  // Booked more at weekends; the night belongs to the day it starts on.
  const night = h < 9 ? day - 1 : day;
  const nightWeekday = h < 9 ? (weekday + 6) % 7 : weekday;
  const booked = hashUnit(key, night * 3 + 2) < (nightWeekday === 5 || nightWeekday === 6 ? 0.85 : 0.7);
  return booked && hashUnit(key, day * 24 + h) < (HOTEL_STAY[h] ?? 0);
}

/** 0..1 daylight by local hour: a sine between 6:00 and 20:00 (seasons matter less than the clock here). */
function daylight(hour: number): number {
  return hour < 6 || hour > 20 ? 0 : Math.sin(((hour - 6) / 14) * Math.PI);
}

const clamp = (v: number, type: SensorType) => Math.min(SENSOR_RANGES[type].max, Math.max(SENSOR_RANGES[type].min, v));
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** The readings of the pod's sensor kinds (podSensorTypes): an outdoor pod's, or a room's. */
export function podReadingsAt(profile: PodProfile, time: Date, rand: () => number): Partial<Readings> {
  return profile.outdoor ? outdoorReadingsAt(profile, time, rand) : readingsAt(profile, time, rand);
}

/** An outdoor pod: the day's weather plus its swing (warmest at 15:00 local), and a little sensor noise. */
export function outdoorReadingsAt(profile: PodProfile, time: Date, rand: () => number): Partial<Readings> {
  const climate: Climate = CLIMATES[profile.city];
  const { hour } = localTime(time, climate);
  const swing = 4 * Math.cos(((hour - 15) / 24) * 2 * Math.PI);
  const value = dailyWeather(climate, time, profile.weatherPhase) + swing + (rand() * 2 - 1) * 0.3;
  return { TEMPERATURE: round(clamp(value, 'TEMPERATURE'), 2) };
}

/**
 * One 5-minute reading of every sensor kind in a room. `rand` returns 0..1 (seeded in the seed, Math.random
 * live). Electricity is the pod's raw reading, so that 12 x reading x voltage / 1000 is the room's kW;
 * water is litres in the 5 minutes (12 x reading = L/h), as docs/domain.md#consumption defines them.
 * A day's electricity is then close to what the savings' baseline model assumes: a base, heating per
 * degree below 15 °C and cooling per degree above 22 °C of the day's mean outdoor temperature, and more
 * in every hour the room is in use; with a day's habits (+/- 8 %) as the part no model explains.
 */
export function readingsAt(profile: PodProfile, time: Date, rand: () => number): Readings {
  const climate: Climate = CLIMATES[profile.city];
  const { hour, weekday, day } = localTime(time, climate);
  const weather = dailyWeather(climate, time, profile.weatherPhase);
  const outside = weather + 4 * Math.cos(((hour - 15) / 24) * 2 * Math.PI);
  const present = inUse(profile, day, hour, weekday);
  // How busy the room is while in use (guests asleep at 3:00 barely move); 0 while empty.
  const occ = present ? Math.max(0.2, occupancy(profile.kind, hour, weekday)) : 0;
  const noise = () => rand() * 2 - 1;

  const setpoint = profile.kind === 'nursery' ? 22 : 21.5;
  // Air conditioning holds the set point but leaks a little of the outdoors, more when rooms are empty.
  const leak = 0.12 + (1 - occ) * 0.08;
  const temperature = setpoint + (outside - setpoint) * leak + occ * 1.2 + noise() * 0.3;

  const hvacKw = Math.min(
    2.4,
    0.11 * Math.max(0, HEATING_BELOW_C - weather) + 0.09 * Math.max(0, weather - COOLING_ABOVE_C),
  );
  const applianceKw = present ? 0.25 + occ * (profile.kind === 'hotel' ? 1.3 : 1.8) : 0;
  const lightsOn = present && occ > 0.15 && daylight(hour) < 0.5;
  const habits = 1 + (hashUnit(podKey(profile), day * 3) * 2 - 1) * 0.08;
  const measured = profile.measure && time.getTime() >= Date.parse(profile.measure.from) ? profile.measure.factor : 1;
  const kw =
    (0.3 + hvacKw + applianceKw + (lightsOn ? 0.3 : 0)) * profile.scale * habits * measured * (1 + noise() * 0.08);

  // Showers peak in the morning and evening in hotels; hand washing and meals in nurseries.
  const washing =
    profile.kind === 'hotel' ? Math.max(gauss(hour, 8, 1.2), gauss(hour, 21, 1.5)) : gauss(hour, 12, 1.5) * 0.6 + 0.3;
  const water = 0.02 + occ * (0.3 + 1.6 * washing) * profile.scale * (0.6 + rand() * 0.8);

  const sun = daylight(hour) * climate.sunshine * 35 * (0.85 + rand() * 0.3);
  const light = sun + (lightsOn ? 0.5 + occ * 0.5 : 0);

  const pressure =
    Math.sin(time.getTime() / (5.3 * DAY_MS) + profile.weatherPhase) * 8 +
    Math.sin(time.getTime() / (1.7 * DAY_MS)) * 3;
  const humidity = climate.humidity + occ * 6 + washing * occ * 5 - (temperature - setpoint) * 1.5 + noise() * 1.5;
  const airQuality = 25 + occ * (profile.kind === 'nursery' ? 110 : 80) + rand() * 15;

  const readings: Readings = {
    TEMPERATURE: round(clamp(temperature, 'TEMPERATURE'), 2),
    HUMIDITY: round(clamp(humidity, 'HUMIDITY'), 1),
    BAROMETRIC: round(clamp(1013 + pressure + noise() * 0.4, 'BAROMETRIC'), 1),
    LUMINESCENCE: round(clamp(light, 'LUMINESCENCE'), 2),
    AIR_QUALITY: Math.round(clamp(airQuality, 'AIR_QUALITY')),
    WATER_FLOW: round(clamp(water, 'WATER_FLOW'), 3),
    ELECTRICITY: round(clamp((kw * 1000) / (12 * profile.voltage), 'ELECTRICITY'), 4),
    // In use, someone moves in most 5-minute intervals (asleep, in a third), so the hour's maximum is 1.
    MOTION: present && rand() < Math.max(0.35, occ) ? 1 : 0,
  };
  return readings;
}

function gauss(x: number, mean: number, sd: number): number {
  return Math.exp(-((x - mean) ** 2) / (2 * sd * sd));
}

/** The sensor kinds in a fixed order, for code that writes one column per kind. */
export const MODEL_SENSORS: readonly SensorType[] = SENSOR_TYPES;
