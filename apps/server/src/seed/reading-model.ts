import { SENSOR_RANGES, SENSOR_TYPES, type SensorType } from '@greenpod/contracts';

/**
 * A pure model of what a pod in a hotel room or a nursery room reads at a given moment. The demo
 * seed and the simulator share it, so a year of history and the live stream look like one building.
 * Occupancy drives motion, lighting, electricity, water and air quality; the city's climate and the
 * season drive temperature and humidity.
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

export const CLIMATES = {
  Dubai: { utcOffset: 4, summerTime: false, meanTemp: 28, seasonalSwing: 8, humidity: 50, sunshine: 0.95 },
  'Abu Dhabi': { utcOffset: 4, summerTime: false, meanTemp: 28, seasonalSwing: 8, humidity: 48, sunshine: 0.95 },
  'Ras al-Khaimah': { utcOffset: 4, summerTime: false, meanTemp: 27, seasonalSwing: 8, humidity: 52, sunshine: 0.9 },
  London: { utcOffset: 0, summerTime: true, meanTemp: 11, seasonalSwing: 7, humidity: 47, sunshine: 0.45 },
  Athens: { utcOffset: 2, summerTime: true, meanTemp: 19, seasonalSwing: 9, humidity: 42, sunshine: 0.8 },
  Porto: { utcOffset: 0, summerTime: true, meanTemp: 15, seasonalSwing: 5, humidity: 50, sunshine: 0.65 },
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
}

export type Readings = Record<SensorType, number>;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Wall-clock hour (fractional) and weekday (0 = Sunday) at the pod's location. */
export function localTime(time: Date, climate: Climate): { hour: number; weekday: number; dayOfYear: number } {
  const month = time.getUTCMonth();
  const offset = climate.utcOffset + (climate.summerTime && month >= 3 && month <= 9 ? 1 : 0);
  const local = new Date(time.getTime() + offset * HOUR_MS);
  const hour = local.getUTCHours() + local.getUTCMinutes() / 60;
  const dayOfYear = Math.floor((local.getTime() - Date.UTC(local.getUTCFullYear(), 0, 1)) / DAY_MS);
  return { hour, weekday: local.getUTCDay(), dayOfYear };
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

/** 0..1 daylight by local hour: a sine between 6:00 and 20:00 (seasons matter less than the clock here). */
function daylight(hour: number): number {
  return hour < 6 || hour > 20 ? 0 : Math.sin(((hour - 6) / 14) * Math.PI);
}

const clamp = (v: number, type: SensorType) => Math.min(SENSOR_RANGES[type].max, Math.max(SENSOR_RANGES[type].min, v));
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * One 5-minute reading of every sensor kind. `rand` returns 0..1 (seeded in the seed, Math.random
 * live). Electricity is the pod's raw reading, so that 12 x reading x voltage / 1000 is the room's kW;
 * water is litres in the 5 minutes (12 x reading = L/h), as docs/domain.md#consumption defines them.
 */
export function readingsAt(profile: PodProfile, time: Date, rand: () => number): Readings {
  const climate: Climate = CLIMATES[profile.city];
  const { hour, weekday, dayOfYear } = localTime(time, climate);
  const occ = occupancy(profile.kind, hour, weekday);
  const outside = outdoorTemp(climate, dayOfYear, hour);
  const noise = () => rand() * 2 - 1;

  const present = rand() < occ;
  const setpoint = profile.kind === 'nursery' ? 22 : 21.5;
  // Air conditioning holds the set point but leaks a little of the outdoors, more when rooms are empty.
  const leak = 0.12 + (1 - occ) * 0.08;
  const temperature = setpoint + (outside - setpoint) * leak + occ * 1.2 + noise() * 0.3;

  const hvacKw = Math.min(2.2, Math.abs(outside - setpoint) * 0.07) * (0.4 + 0.6 * occ);
  const applianceKw = occ * (profile.kind === 'hotel' ? 1.4 : 2.0);
  const lightsOn = occ > 0.15 && daylight(hour) < 0.5;
  const kw = (0.25 + hvacKw + applianceKw + (lightsOn ? 0.3 : 0)) * profile.scale * (1 + noise() * 0.08);

  // Showers peak in the morning and evening in hotels; hand washing and meals in nurseries.
  const washing =
    profile.kind === 'hotel' ? Math.max(gauss(hour, 8, 1.2), gauss(hour, 21, 1.5)) : gauss(hour, 12, 1.5) * 0.6 + 0.3;
  const water = 0.02 + occ * (0.3 + 1.6 * washing) * profile.scale * (0.6 + rand() * 0.8);

  const sun = daylight(hour) * climate.sunshine * 35 * (0.85 + rand() * 0.3);
  const light = sun + (lightsOn ? 0.5 + occ * 0.5 : 0);

  const weather =
    Math.sin(time.getTime() / (5.3 * DAY_MS) + profile.weatherPhase) * 8 +
    Math.sin(time.getTime() / (1.7 * DAY_MS)) * 3;
  const humidity = climate.humidity + occ * 6 + washing * occ * 5 - (temperature - setpoint) * 1.5 + noise() * 1.5;
  const airQuality = 25 + occ * (profile.kind === 'nursery' ? 110 : 80) + rand() * 15;

  const readings: Readings = {
    TEMPERATURE: round(clamp(temperature, 'TEMPERATURE'), 2),
    HUMIDITY: round(clamp(humidity, 'HUMIDITY'), 1),
    BAROMETRIC: round(clamp(1013 + weather + noise() * 0.4, 'BAROMETRIC'), 1),
    LUMINESCENCE: round(clamp(light, 'LUMINESCENCE'), 2),
    AIR_QUALITY: Math.round(clamp(airQuality, 'AIR_QUALITY')),
    WATER_FLOW: round(clamp(water, 'WATER_FLOW'), 3),
    ELECTRICITY: round(clamp((kw * 1000) / (12 * profile.voltage), 'ELECTRICITY'), 4),
    MOTION: present ? 1 : 0,
  };
  return readings;
}

function gauss(x: number, mean: number, sd: number): number {
  return Math.exp(-((x - mean) ** 2) / (2 * sd * sd));
}

/** The sensor kinds in a fixed order, for code that writes one column per kind. */
export const MODEL_SENSORS: readonly SensorType[] = SENSOR_TYPES;

/** A small seeded PRNG (mulberry32): the same seed gives the same demo history on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
