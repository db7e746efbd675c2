import type { Weather } from '@greenpod/contracts';
import { z } from 'zod';
import { CITY_COORDINATES, type City, describeWeatherCode, type WeatherProvider } from './weather';

// Only what we read; Open-Meteo answers more.
const answer = z.object({
  current: z.object({ temperature_2m: z.number(), weather_code: z.number() }),
  daily: z
    .object({
      weather_code: z.array(z.number()),
      temperature_2m_max: z.array(z.number()),
      temperature_2m_min: z.array(z.number()),
    })
    .optional(),
});

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Open-Meteo (no key needed). `baseUrl` is the service's address, so tests and air-gapped sites can
 * point it at their own; an answer slower than `timeoutMs` counts as none.
 */
export function openMeteo(baseUrl: string, timeoutMs = 2000): WeatherProvider {
  return {
    async current(city: City): Promise<Weather | null> {
      const { latitude, longitude } = CITY_COORDINATES[city];
      const url = new URL('/v1/forecast', baseUrl);
      url.search = new URLSearchParams({
        latitude: String(latitude),
        longitude: String(longitude),
        current: 'temperature_2m,weather_code',
        daily: 'weather_code,temperature_2m_max,temperature_2m_min',
        forecast_days: '2',
        timezone: 'auto',
      }).toString();
      const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) throw new Error(`Open-Meteo answered ${res.status}`);
      const body = answer.parse(await res.json());
      const d = body.daily;
      // Index 1 is tomorrow: today's outlook is what the current reading already says.
      const code = d?.weather_code[1];
      const max = d?.temperature_2m_max[1];
      const min = d?.temperature_2m_min[1];
      return {
        city,
        temperature: round1(body.current.temperature_2m),
        condition: describeWeatherCode(body.current.weather_code),
        forecast:
          code !== undefined && max !== undefined && min !== undefined
            ? { condition: describeWeatherCode(code), min: round1(min), max: round1(max) }
            : null,
      };
    },
  };
}
