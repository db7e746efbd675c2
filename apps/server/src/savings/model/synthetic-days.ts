/**
 * Synthetic baselines with known drivers, for the model's tests and timing (never for real sites).
 * A seeded generator keeps every run identical: a test that passes once passes always.
 */

import { seededRandom } from '../../seeded-random';
import type { DayRecord } from './day-records';
import { cdd, hdd } from './degree-days';

export interface SyntheticSite {
  seed: number;
  days?: number;
  first?: string;
  base: number;
  heating?: { balancePointC: number; slope: number };
  cooling?: { balancePointC: number; slope: number };
  occupancySlope?: number;
  /** Uniform noise on use, +/- this much. */
  noise?: number;
  minC?: number;
  maxC?: number;
  /** Leave outdoor temperature out (a site without weather). */
  noWeather?: boolean;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Outdoor temperature follows a sine over the year (coldest mid-January) with a +/- 1 degC daily
 * wobble; occupied hours are 8-12 on weekdays and 0-2 at weekends. Every day is complete.
 */
export function syntheticDays(site: SyntheticSite): DayRecord[] {
  const random = seededRandom(site.seed);
  const { days = 365, first = '2023-01-01', minC = -2, maxC = 30, noise = 0 } = site;
  const start = Date.parse(`${first}T00:00:00Z`);
  const mid = (minC + maxC) / 2;
  const amp = (maxC - minC) / 2;
  return Array.from({ length: days }, (_, i) => {
    const ms = start + i * 86_400_000;
    const weekday = new Date(ms).getUTCDay() % 6 !== 0;
    const t = mid - amp * Math.cos((2 * Math.PI * (i - 15)) / 365) + (random() * 2 - 1);
    const occupiedHours = weekday ? 8 + random() * 4 : random() * 2;
    let use = site.base + noise * (random() * 2 - 1);
    if (site.heating) use += site.heating.slope * hdd(site.heating.balancePointC, t);
    if (site.cooling) use += site.cooling.slope * cdd(site.cooling.balancePointC, t);
    if (site.occupancySlope) use += site.occupancySlope * occupiedHours;
    return {
      date: isoDay(ms),
      use,
      readings: 288,
      expectedReadings: 288,
      meanOutdoorC: site.noWeather ? null : t,
      occupiedHours,
    };
  });
}
