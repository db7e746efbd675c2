import { weatherSchema } from '@greenpod/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf } from '../auth/caller';
import { checkPlaces } from '../dashboard/dashboard-scope';
import { bearerSecurity, errorResponses, itemResponse, ok, recordId } from '../http/route-schemas';
import { openMeteo } from './open-meteo';
import type { City } from './weather';
import { WeatherCache } from './weather-cache';

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
      return ok(data);
    },
  );
}
