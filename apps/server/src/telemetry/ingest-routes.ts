import { ingestBatchSchema, MAX_HTTP_BATCH_BYTES } from '@greenpod/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../auth/caller';
import { notFound, unauthorized } from '../http/errors';
import { errorResponses, successSchema } from '../http/response-schemas';
import { mosquittoHash } from './broker-credentials';
import { hashIngestKey, newIngestKey } from './pod-directory';

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
        response: { 202: successSchema, ...errorResponses(400, 401, 413, 429) },
      },
      onRequest: async (request) => {
        const m = podAuth.exec(request.headers.authorization ?? '');
        const pod = m ? await app.ingest.pods.authenticate(m[1] as string, m[2] as string) : null;
        if (!pod) throw unauthorized('Unknown pod or wrong ingest key');
        request.pod = pod;
      },
    },
    async (request, reply) => {
      const pod = request.pod;
      if (!pod) throw unauthorized();
      const result = await app.ingest.ingest(pod, request.body.readings);
      return reply.status(202).send({ success: true as const, data: result });
    },
  );

  app.post(
    '/api/pod/:id/ingest-key',
    {
      schema: {
        tags: ['pod'],
        summary: "Rotate a pod's ingest key; the new key is shown once",
        security: [{ bearerAuth: [] }],
        operationId: 'rotatePodIngestKey',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: {
          200: z.object({ success: z.literal(true), data: z.object({ ingestKey: z.string() }) }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
      onRequest: requireAdmin,
    },
    async (request) => {
      const ingestKey = newIngestKey();
      const [row] = await app.db.query<{ identifier: string }>(
        'UPDATE pod SET ingest_key_hash = $1, broker_key_hash = $2, updated = now() WHERE id = $3 RETURNING identifier',
        [hashIngestKey(ingestKey), mosquittoHash(ingestKey), request.params.id],
      );
      if (!row) throw notFound('Pod');
      app.ingest.pods.forget(row.identifier);
      return { success: true as const, data: { ingestKey } };
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
