import { ingestBatchSchema, MAX_HTTP_BATCH_BYTES } from '@greenpod/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../auth/caller';
import { notFound, unauthorized } from '../http/errors';
import { bearerSecurity, errorResponses, idParams, itemResponse, ok, successSchema } from '../http/route-schemas';
import { setNewIngestKey } from './ingest-keys';

// No control characters: the identifier becomes a query parameter, and PostgreSQL refuses a NUL.
const podAuth = /^Pod ([^:\s\p{Cc}]+):([^\s\p{Cc}]+)$/u;

/** POST /api/ingest for pods, and key rotation for administrators. */
export async function ingestRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/ingest',
    {
      bodyLimit: MAX_HTTP_BATCH_BYTES,
      schema: {
        tags: ['ingest'],
        security: [{ podKey: [] }],
        operationId: 'ingestReadings',
        summary: 'Store a batch of readings from one pod (Authorization: Pod <identifier>:<key>)',
        body: ingestBatchSchema,
        response: { 202: successSchema, ...errorResponses(400, 401, 413, 429, 503) },
      },
      onRequest: async (request) => {
        // First: under overload a refusal costs next to nothing, no key looked up (a query for a pod not
        // cached) and no body read (docs/performance.md#soak-and-overload).
        if (app.ingest.busy) throw app.ingest.shed();
        const [, identifier, key] = podAuth.exec(request.headers.authorization ?? '') ?? [];
        const pod = identifier && key ? await app.ingest.pods.authenticate(identifier, key) : null;
        if (!pod) throw unauthorized('Unknown pod or wrong ingest key');
        request.pod = pod;
      },
    },
    async (request, reply) => {
      const pod = request.pod;
      if (!pod) throw unauthorized();
      const result = await app.ingest.ingest(pod, request.body.readings);
      return reply.status(202).send(ok(result));
    },
  );

  app.post(
    '/api/pod/:id/ingest-key',
    {
      schema: {
        tags: ['pod'],
        summary: "Rotate a pod's ingest key; the new key is shown once",
        security: bearerSecurity,
        operationId: 'rotatePodIngestKey',
        params: idParams,
        response: { 200: itemResponse(z.object({ ingestKey: z.string() })), ...errorResponses(400, 401, 403, 404) },
      },
      onRequest: requireAdmin,
    },
    async (request) => {
      const made = await setNewIngestKey(app.db, request.params.id);
      if (!made) throw notFound('Pod');
      return ok({ ingestKey: made.ingestKey });
    },
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    pod?: import('./reading-validation').PodIdentity;
  }
  interface FastifyInstance {
    ingest: import('./ingest-service').IngestService;
  }
}
