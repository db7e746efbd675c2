import { geocodeQuerySchema, geocodeResultSchema } from '@greenpod/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate } from '../auth/caller';
import { HttpError, notFound } from '../http/errors';
import { bearerSecurity, errorResponses, itemResponse, ok } from '../http/route-schemas';
import { GeocoderUnavailable, nominatim } from './geocode';

/** Searches per user per minute: a person types a few; the geocoder (public Nominatim: 1 a second) is shared. */
export const GEOCODE_PER_MINUTE = 20;

/**
 * GET /api/map/geocode?q= (docs/api.md#the-map): the location form's address search, through the
 * server so the browser talks only to Greenpod (its CSP allows no other host) and the geocoder sees
 * one client. Not configured (no GEOCODER_URL): 404.
 */
export async function geocodeRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { GEOCODER_URL, PUBLIC_URL } = app.config;
  const search = GEOCODER_URL
    ? nominatim(GEOCODER_URL, `Greenpod (${PUBLIC_URL ?? 'https://github.com/greenpod'})`)
    : undefined;

  app.get(
    '/api/map/geocode',
    {
      schema: {
        tags: ['map'],
        security: bearerSecurity,
        operationId: 'geocodeAddress',
        querystring: geocodeQuerySchema,
        response: {
          200: itemResponse(z.array(geocodeResultSchema)),
          ...errorResponses(400, 401, 404, 429, 503),
        },
        summary: 'Addresses in the United Kingdom matching a search, with their coordinates',
      },
      onRequest: authenticate,
      config: {
        rateLimit: {
          max: GEOCODE_PER_MINUTE,
          timeWindow: '1 minute',
          hook: 'preHandler' as const,
          keyGenerator: (request: FastifyRequest) => `geocode by ${request.caller?.userId ?? request.ip}`,
        },
      },
    },
    async (request) => {
      if (!search) throw notFound('Address search');
      try {
        return ok(await search(request.query.q));
      } catch (failure) {
        if (!(failure instanceof GeocoderUnavailable)) throw failure;
        request.log.warn({ err: failure }, 'geocoder unavailable');
        throw new HttpError(503, 'The address search is not available right now. Pick the point on the map.');
      }
    },
  );
}
