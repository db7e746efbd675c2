import { SENSOR_RANGES, SENSOR_TYPES } from '@greenpod/contracts';
import { describe, expect, it } from 'vitest';
import { type City, CLIMATES, localTime, occupancy, type PodProfile, readingsAt, seededRandom } from './reading-model';

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

describe('localTime', () => {
  it('follows the city clock, with European summer time', () => {
    expect(localTime(new Date('2025-01-15T12:00:00Z'), CLIMATES.Dubai).hour).toBe(16);
    expect(localTime(new Date('2025-07-15T12:00:00Z'), CLIMATES.London).hour).toBe(13);
    expect(localTime(new Date('2025-07-15T22:30:00Z'), CLIMATES.Athens)).toMatchObject({ hour: 1.5, weekday: 3 });
  });
});
