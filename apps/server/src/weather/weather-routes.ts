import { type Weather, weatherSchema } from '@greenpod/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf } from '../auth/caller';
import { checkPlaces } from '../dashboard/dashboard-scope';
import type { Queryable } from '../db/database';
import { bearerSecurity, errorResponses, itemResponse, ok, recordId } from '../http/route-schemas';
import { openMeteo } from './open-meteo';
import type { City } from './weather';
import { WeatherCache } from './weather-cache';

/**
 * Without a weather service's answer, the location's own outdoor pods say how warm it is outside
 * (docs/domain.md#consumption): the mean of their TEMPERATURE readings in the latest hour of the last two.
 */
async function outdoorPodWeather(db: Queryable, locationId: number, city: City): Promise<Weather | null> {
  const [row] = await db.query<{ t: number }>(
    `SELECT h.sum / h.count AS t FROM measurement_hourly h JOIN pod p ON p.id = h.pod_id
     WHERE p.location_id = $1 AND p.outdoor AND h.sensor_type = 'TEMPERATURE' AND h.count > 0
       AND h.bucket >= now() - interval '2 hours'
     ORDER BY h.bucket DESC LIMIT 1`,
    [locationId],
  );
  return row
    ? { city, temperature: Math.round(Number(row.t) * 10) / 10, condition: 'Outdoor pod', forecast: null }
    : null;
}

/**
 * The weather at a location's city, for its dashboard card. Asked apart from the cards, so a slow or
 * unreachable weather service never delays them; `data` is null when there is no weather to show.
 */
export async function weatherRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const url = app.config.WEATHER_URL;
  const cache = url ? new WeatherCache(openMeteo(url), app.log) : null;

  app.get(
    '/api/weather',
    {
      schema: {
        tags: ['dashboard'],
        security: bearerSecurity,
        operationId: 'getWeather',
        querystring: z.object({ locationId: recordId('locationId') }),
        response: { 200: itemResponse(weatherSchema.nullable()), ...errorResponses(400, 401, 404) },
        summary: "Current weather and tomorrow's outlook at a location's city (null when unavailable)",
      },
      onRequest: authenticate,
    },
    async (request) => {
      const { locationId } = request.query;
      await checkPlaces(app.db, callerOf(request).scope, { locationId });
      const [row] = await app.db.query<{ city: City }>('SELECT city FROM location WHERE id = $1', [locationId]);
      const data = cache && row ? await cache.get(row.city) : null;
      return ok(data ?? (row ? await outdoorPodWeather(app.db, locationId, row.city) : null));
    },
  );
}
