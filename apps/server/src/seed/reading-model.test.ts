import { SENSOR_RANGES, SENSOR_TYPES } from '@greenpod/contracts';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded-random';
import {
  type City,
  CLIMATES,
  dailyWeather,
  localTime,
  occupancy,
  type PodProfile,
  podReadingsAt,
  podSensorTypes,
  readingsAt,
} from './reading-model';

const hotel: PodProfile = { kind: 'hotel', city: 'London', voltage: 230, scale: 1, weatherPhase: 0 };
const nursery: PodProfile = { kind: 'nursery', city: 'Porto', voltage: 230, scale: 1, weatherPhase: 0 };

/** Mean of a sensor over every 5 minutes of the given UTC hours of one day (many samples, little noise). */
function mean(profile: PodProfile, day: string, hours: readonly number[], type: (typeof SENSOR_TYPES)[number]) {
  const rand = seededRandom(7);
  let sum = 0;
  let n = 0;
  for (let week = 0; week < 8; week++) {
    for (const h of hours) {
      for (let m = 0; m < 60; m += 5) {
        const t = new Date(`${day}T00:00:00Z`).getTime() + week * 7 * 86_400_000 + h * 3_600_000 + m * 60_000;
        sum += readingsAt(profile, new Date(t), rand)[type];
        n++;
      }
    }
  }
  return sum / n;
}

describe('occupancy', () => {
  it.each([
    ['hotel', 3, 'night', 3, 'evening', 20],
    ['hotel', 2, 'weekday midday', 13, 'breakfast', 8],
    ['nursery', 2, 'night', 3, 'morning', 10],
    ['nursery', 4, 'evening', 19, 'afternoon', 15],
  ] as const)(
    '%s on weekday %i: the %s (%i h) is quieter than the %s (%i h)',
    (kind, weekday, _quiet, quietHour, _busy, busyHour) => {
      expect(occupancy(kind, quietHour, weekday)).toBeLessThan(occupancy(kind, busyHour, weekday));
    },
  );

  it('keeps a nursery empty at weekends and a hotel busy', () => {
    for (let h = 0; h < 24; h += 0.5) {
      expect(occupancy('nursery', h, 0)).toBe(0);
      expect(occupancy('nursery', h, 6)).toBe(0);
    }
    expect(occupancy('hotel', 11, 6)).toBeGreaterThan(occupancy('hotel', 11, 3));
  });

  it('stays within 0..1 and has no step at the top of the hour', () => {
    for (const kind of ['hotel', 'nursery'] as const) {
      for (let h = 0; h < 24; h += 0.25) {
        const o = occupancy(kind, h, 2);
        expect(o).toBeGreaterThanOrEqual(0);
        expect(o).toBeLessThanOrEqual(1);
        expect(Math.abs(occupancy(kind, h + 0.999, 2) - occupancy(kind, h + 1, 2))).toBeLessThan(0.01);
      }
    }
  });
});

describe('readingsAt', () => {
  // Checks gather violations and assert once: half a million expect() calls would take half a minute.
  it('keeps every value inside its sensor range, in every city and season', () => {
    const rand = seededRandom(1);
    const outside: string[] = [];
    for (const city of Object.keys(CLIMATES) as City[]) {
      for (const kind of ['hotel', 'nursery'] as const) {
        for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2026, 0, 1); t += 7_000_000) {
          const r = readingsAt({ kind, city, voltage: 120, scale: 1.3, weatherPhase: 2 }, new Date(t), rand);
          for (const type of SENSOR_TYPES) {
            const { min, max } = SENSOR_RANGES[type];
            if (!(r[type] >= min && r[type] <= max)) outside.push(`${city} ${kind} ${type} ${r[type]}`);
          }
          if (r.MOTION !== 0 && r.MOTION !== 1) outside.push(`${city} ${kind} MOTION ${r.MOTION}`);
        }
      }
    }
    expect(outside).toEqual([]);
  });

  it('reads like a room: 18-27 °C, 30-65 %, 990-1035 hPa, a room-sized kW', () => {
    const rand = seededRandom(3);
    const odd: string[] = [];
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2026, 0, 1); t += 3_600_000) {
      const r = readingsAt({ ...hotel, city: 'Dubai' }, new Date(t), rand);
      const kw = (12 * r.ELECTRICITY * 230) / 1000;
      const ok =
        r.TEMPERATURE > 18 &&
        r.TEMPERATURE < 27 &&
        r.HUMIDITY > 30 &&
        r.HUMIDITY < 65 &&
        r.BAROMETRIC > 990 &&
        r.BAROMETRIC < 1035 &&
        kw > 0.1 &&
        kw < 5;
      if (!ok) odd.push(`${new Date(t).toISOString()} ${JSON.stringify(r)}`);
    }
    expect(odd).toEqual([]);
  });

  it('makes electricity, water, motion and air quality follow occupancy', () => {
    // 2025-03-05 is a Wednesday; London is UTC+0 in March.
    for (const type of ['ELECTRICITY', 'WATER_FLOW', 'MOTION', 'AIR_QUALITY'] as const) {
      expect(mean(hotel, '2025-03-05', [2, 3, 4], type)).toBeLessThan(mean(hotel, '2025-03-05', [19, 20, 21], type));
    }
    // Porto in March is UTC+0: the nursery's working morning against its Saturday morning.
    for (const type of ['ELECTRICITY', 'WATER_FLOW', 'MOTION'] as const) {
      expect(mean(nursery, '2025-03-08', [9, 10, 11], type)).toBeLessThan(
        mean(nursery, '2025-03-05', [9, 10, 11], type),
      );
    }
    expect(mean(nursery, '2025-03-08', [9, 10, 11], 'MOTION')).toBe(0);
  });

  it('warms rooms in summer and by day, and lights them by day', () => {
    const dubai = { ...hotel, city: 'Dubai' as const };
    expect(mean(dubai, '2025-07-02', [10, 11], 'TEMPERATURE')).toBeGreaterThan(
      mean(dubai, '2025-01-01', [10, 11], 'TEMPERATURE'),
    );
    expect(mean(hotel, '2025-03-05', [12, 13], 'LUMINESCENCE')).toBeGreaterThan(
      mean(hotel, '2025-03-05', [1, 2], 'LUMINESCENCE'),
    );
  });

  it('is deterministic for a seed', () => {
    const at = new Date('2025-05-01T12:00:00Z');
    expect(readingsAt(hotel, at, seededRandom(42))).toEqual(readingsAt(hotel, at, seededRandom(42)));
  });
});

describe('what the savings read', () => {
  const HOUR = 3_600_000;

  it('gives an outdoor pod its temperature only: the weather its rooms answer to, with the day’s swing', () => {
    const outdoor: PodProfile = { ...hotel, city: 'Dubai', outdoor: true };
    expect(podSensorTypes(outdoor)).toEqual(['TEMPERATURE']);
    expect(podSensorTypes(hotel)).toEqual(SENSOR_TYPES);
    const rand = seededRandom(9);
    const start = Date.UTC(2025, 6, 10);
    const values = Array.from({ length: 288 }, (_, i) => podReadingsAt(outdoor, new Date(start + i * 300_000), rand));
    expect(Object.keys(values[0] ?? {})).toEqual(['TEMPERATURE']);
    const temps = values.map((v) => v.TEMPERATURE ?? Number.NaN);
    const mean = temps.reduce((a, b) => a + b, 0) / temps.length;
    // The day's mean is the day's weather (the swing averages out); the afternoon is 8 °C over the night.
    expect(Math.abs(mean - dailyWeather(CLIMATES.Dubai, new Date(start + 12 * HOUR), 0))).toBeLessThan(0.3);
    expect(Math.max(...temps) - Math.min(...temps)).toBeGreaterThan(7);
  });

  it('keeps a room in use or empty for a whole hour, so MOTION’s hourly maximum counts the hours in use', () => {
    const rand = seededRandom(4);
    let used = 0;
    for (let h = 0; h < 24 * 28; h++) {
      const motion = Array.from(
        { length: 12 },
        (_, s) => readingsAt(nursery, new Date(Date.UTC(2025, 2, 3) + h * HOUR + s * 300_000), rand).MOTION,
      );
      const electricity = readingsAt(nursery, new Date(Date.UTC(2025, 2, 3) + h * HOUR), rand).ELECTRICITY;
      if (Math.max(...motion) === 1) {
        used++;
        expect(electricity).toBeGreaterThan(0.3);
      }
    }
    // Four weeks of a nursery: about 10 hours on each open weekday.
    expect(used).toBeGreaterThan(150);
    expect(used).toBeLessThan(230);
  });

  it('heats London below 15 °C and cools Dubai above 22 °C: a winter day uses more in London, a summer day in Dubai', () => {
    const dayUse = (profile: PodProfile, date: number) => {
      const rand = seededRandom(2);
      let sum = 0;
      for (let i = 0; i < 288 * 7; i++) sum += readingsAt(profile, new Date(date + i * 300_000), rand).ELECTRICITY;
      return sum;
    };
    const dubai = { ...hotel, city: 'Dubai' as const };
    expect(dayUse(hotel, Date.UTC(2025, 0, 13))).toBeGreaterThan(1.3 * dayUse(hotel, Date.UTC(2025, 6, 14)));
    expect(dayUse(dubai, Date.UTC(2025, 6, 14))).toBeGreaterThan(1.3 * dayUse(dubai, Date.UTC(2025, 0, 13)));
  });

  it('cuts electricity by the energy measure’s factor from its day on, and nothing else', () => {
    const led: PodProfile = { ...hotel, measure: { from: '2025-08-01', factor: 0.88 } };
    for (const at of ['2025-07-31T20:00:00Z', '2025-08-01T20:00:00Z']) {
      const before = readingsAt(hotel, new Date(at), seededRandom(5));
      const after = readingsAt(led, new Date(at), seededRandom(5));
      const factor = at.startsWith('2025-08') ? 0.88 : 1;
      expect(after.ELECTRICITY).toBeCloseTo(before.ELECTRICITY * factor, 3);
      expect({ ...after, ELECTRICITY: 0 }).toEqual({ ...before, ELECTRICITY: 0 });
    }
  });
});

describe('localTime', () => {
  it('follows the city clock, with European summer time', () => {
    expect(localTime(new Date('2025-01-15T12:00:00Z'), CLIMATES.Dubai).hour).toBe(16);
    expect(localTime(new Date('2025-07-15T12:00:00Z'), CLIMATES.London).hour).toBe(13);
    expect(localTime(new Date('2025-07-15T22:30:00Z'), CLIMATES.Athens)).toMatchObject({ hour: 1.5, weekday: 3 });
  });
});
