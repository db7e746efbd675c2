import { pagingSchema, RESOURCES, type Resource } from '@greenpod/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf, requireAdmin } from '../auth/caller';
import { forbidden } from '../http/errors';
import { errorSchema } from '../http/response-schemas';
import { parseDataTableParams } from './list-query';
import { crudOperationIds } from './operation-ids';
import { createRepository } from './repository';

const idParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive().max(2_147_483_647),
});
const listQuery = z.object({ dataTableParams: z.unknown().optional() }).loose();
const security = [{ bearerAuth: [] }];

const createdSchema = (r: Resource) => {
  const base = z.object({ success: z.literal(true), data: r.rowSchema });
  return r.secretOnCreate ? base.extend({ [r.secretOnCreate]: z.string() }) : base;
};

/** Builds the five routes (or fewer, per `verbs`) of every registry resource: no route file per entity. */
export async function crudRoutes(app: FastifyInstance) {
  for (const resource of RESOURCES) registerResource(app.withTypeProvider<ZodTypeProvider>(), resource);
}

function registerResource(app: FastifyInstance, resource: Resource) {
  const repo = createRepository(app.db, resource, {
    countLimit: app.config.LIST_COUNT_LIMIT,
    timeoutMs: app.config.LIST_STATEMENT_TIMEOUT_MS,
    retentionDays: app.config.RAW_RETENTION_DAYS,
  });
  const path = `/api/${resource.name}`;
  const tags = [resource.name];
  const operationId = crudOperationIds(resource.name);
  const row = resource.rowSchema;
  const errors = {
    400: errorSchema,
    401: errorSchema,
    403: errorSchema,
    404: errorSchema,
    409: errorSchema,
    429: errorSchema,
  };
  const canRead = async (request: FastifyRequest) => {
    await authenticate(request);
    if (resource.access.read === 'admin' && !callerOf(request).isAdmin) throw forbidden();
  };
  const verbs = new Set(resource.verbs);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  if (verbs.has('list')) {
    typed.get(
      path,
      {
        schema: {
          tags,
          security,
          operationId: operationId.list,
          summary: `List ${resource.label} records`,
          querystring: listQuery,
          response: {
            200: z.object({ success: z.literal(true), data: z.array(row), paging: pagingSchema }),
            ...errors,
            503: errorSchema,
          },
        },
        onRequest: canRead,
      },
      async (request) => {
        const params = parseDataTableParams((request.query as { dataTableParams?: unknown }).dataTableParams);
        return { success: true as const, ...(await repo.list(params, callerOf(request))) };
      },
    );
  }
  if (verbs.has('read')) {
    typed.get(
      `${path}/:id`,
      {
        schema: {
          tags,
          security,
          operationId: operationId.read,
          summary: `Read one ${resource.label}`,
          params: idParams,
          response: { 200: z.object({ success: z.literal(true), data: row }), ...errors },
        },
        onRequest: canRead,
      },
      async (request) => ({ success: true as const, data: await repo.read(request.params.id, callerOf(request)) }),
    );
  }
  if (verbs.has('create')) {
    typed.post(
      path,
      {
        schema: {
          tags,
          security,
          operationId: operationId.create,
          summary: `Create a ${resource.label}`,
          body: resource.createSchema,
          response: { 201: createdSchema(resource), ...errors },
        },
        onRequest: requireAdmin,
      },
      async (request, reply) => {
        const { data, secrets } = await repo.create(request.body as Record<string, unknown>, callerOf(request));
        return reply.status(201).send({ success: true as const, data, ...secrets });
      },
    );
  }
  if (verbs.has('update')) {
    typed.put(
      `${path}/:id`,
      {
        schema: {
          tags,
          security,
          operationId: operationId.update,
          summary: `Update a ${resource.label}`,
          params: idParams,
          body: resource.updateSchema,
          response: { 200: z.object({ success: z.literal(true), data: row }), ...errors },
        },
        onRequest: requireAdmin,
      },
      async (request) => ({
        success: true as const,
        data: await repo.update(request.params.id, request.body as Record<string, unknown>, callerOf(request)),
      }),
    );
  }
  if (verbs.has('delete')) {
    typed.delete(
      `${path}/:id`,
      {
        schema: {
          tags,
          security,
          operationId: operationId.delete,
          summary: `Delete a ${resource.label}`,
          params: idParams,
          response: { 200: z.object({ success: z.literal(true) }), ...errors },
        },
        onRequest: requireAdmin,
      },
      async (request) => {
        await repo.remove(request.params.id, callerOf(request));
        return { success: true as const };
      },
    );
  }
}
