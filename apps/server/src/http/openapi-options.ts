import type { SwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorSchema } from './route-schemas';

// Any route that reads the database may find it out of reach (the error handler's 503): every
// documented operation says so, rather than each route schema repeating it.
const unavailable = errorSchema.describe(
  'The database is out of reach for now (a restart, a failover): try again after `Retry-After` seconds',
);

/**
 * How callers prove who they are. Every route names one of these (or `security: []` when public):
 * there is no document-wide default, so a route that forgets fails `npm run lint:openapi`.
 */
export const SECURITY_SCHEMES = {
  bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token of /api/user/login' },
  podKey: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: 'A pod sends `Authorization: Pod <identifier>:<ingest key>`',
  },
  streamToken: {
    type: 'apiKey',
    in: 'query',
    name: 'token',
    description: 'The session token as `?token=`, because EventSource cannot send headers',
  },
} as const;

/**
 * @fastify/swagger's options: the document served at /api/docs/json and checked by `npm run lint:openapi`.
 * `publicUrl` is the PUBLIC_URL setting (passed in, so http/ imports nothing of the app).
 */
export function openApiOptions(publicUrl: string | undefined): SwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Greenpod API',
        version: '0.1.0',
        description: 'Sensor readings, dashboards and administration of a Greenpod installation.',
        license: { name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' },
      },
      // Paths start with /api, so the server is the installation's origin; without PUBLIC_URL, the
      // origin that served the document.
      servers: [{ url: publicUrl?.replace(/\/+$/, '') || '/', description: 'This installation' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: (args) => {
      const response = args.schema?.response as Record<string, unknown> | undefined;
      if (!response || '503' in response) return jsonSchemaTransform(args);
      return jsonSchemaTransform({ ...args, schema: { ...args.schema, response: { ...response, 503: unavailable } } });
    },
  };
}
