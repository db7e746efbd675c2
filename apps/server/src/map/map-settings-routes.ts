import { mapSettingsSchema } from '@greenpod/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate } from '../auth/caller';
import { bearerSecurity, errorResponses, itemResponse, ok } from '../http/route-schemas';

/** GET /api/map/settings (docs/api.md#the-map): what every signed-in user's maps are drawn with. */
export async function mapSettingsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { MAP_TILE_URL, MAP_TILE_ATTRIBUTION, GEOCODER_URL } = app.config;
  const settings = { tileUrl: MAP_TILE_URL, attribution: MAP_TILE_ATTRIBUTION, geocoder: Boolean(GEOCODER_URL) };

  app.get(
    '/api/map/settings',
    {
      schema: {
        tags: ['map'],
        security: bearerSecurity,
        operationId: 'getMapSettings',
        response: { 200: itemResponse(mapSettingsSchema), ...errorResponses(401) },
        summary: "The map tiles' URL template and credit, and whether the address search is on",
      },
      onRequest: authenticate,
    },
    async () => ok(settings),
  );
}
