import { locationMarkersSchema } from '@greenpod/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf } from '../auth/caller';
import { placeAndWindowShape } from '../dashboard/dashboard-params';
import { checkPlaces } from '../dashboard/dashboard-scope';
import { bearerSecurity, errorResponses, itemResponse, ok } from '../http/route-schemas';
import { listLocationMarkers } from './location-markers';

const markersQuery = z.object({
  clientId: placeAndWindowShape.clientId.describe("Only this client's locations (404 outside the caller's scope)"),
});

/**
 * The Map View's markers and the /locations page (docs/api.md#location-markers). A path of its own rather
 * than /api/location/markers, which would read as one location of the generic entity routes.
 */
export async function locationMarkerRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/location-markers',
    {
      schema: {
        tags: ['map'],
        security: bearerSecurity,
        operationId: 'listLocationMarkers',
        summary: 'The locations in scope with their point and worst alert status now, by title',
        querystring: markersQuery,
        response: { 200: itemResponse(locationMarkersSchema), ...errorResponses(400, 401, 404) },
      },
      onRequest: authenticate,
    },
    async (request) => {
      const { scope } = callerOf(request);
      const filter = { clientId: request.query.clientId };
      await checkPlaces(app.db, scope, filter);
      return ok(await listLocationMarkers(app.db, scope, filter));
    },
  );
}
