import type { Weather } from '@greenpod/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { City, WeatherProvider } from './weather';

export const WEATHER_TTL_MS = 30 * 60_000;
// A provider that failed is not asked again for a while, so a machine without internet pays nothing.
export const FAILURE_TTL_MS = 5 * 60_000;

/**
 * One answer per city for 30 minutes, shared by every card and user on this instance; concurrent
 * requests for a city wait on the same call. A failure is remembered as "no weather" for 5 minutes.
 */
export class WeatherCache {
  private readonly entries = new Map<City, { until: number; value: Promise<Weather | null> }>();

  constructor(
    private readonly provider: WeatherProvider,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  get(city: City): Promise<Weather | null> {
    const hit = this.entries.get(city);
    if (hit && hit.until > this.now()) return hit.value;
    const entry = { until: this.now() + WEATHER_TTL_MS, value: Promise.resolve<Weather | null>(null) };
    entry.value = this.provider.current(city).catch((err: Error) => {
      entry.until = this.now() + FAILURE_TTL_MS;
      this.log.warn({ city, reason: err.message }, 'weather unavailable');
      return null;
    });
    this.entries.set(city, entry);
    return entry.value;
  }
}
