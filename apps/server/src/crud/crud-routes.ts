import { deletePreviewSchema, RESOURCES, type Resource } from '@greenpod/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf, requireAdmin } from '../auth/caller';
import { forbidden } from '../http/errors';
import {
  bearerSecurity,
  emptyResponse,
  errorResponses,
  idParams,
  itemResponse,
  listQuerystring,
  listResponse,
  ok,
  okEmpty,
  okPage,
} from '../http/route-schemas';
import { parseDataTableParams } from './list-query';
import { crudOperationIds } from './operation-ids';
import { createRepository } from './repository';

const createdSchema = (r: Resource) => {
  const base = itemResponse(r.rowSchema);
  return r.secretOnCreate ? base.extend({ [r.secretOnCreate]: z.string() }) : base;
};

/** Builds the five routes (or fewer, per `verbs`) of every registry resource: no route file per entity. */
export async function crudRoutes(app: FastifyInstance) {
  for (const resource of RESOURCES) registerResource(app, resource);
}

function registerResource(app: FastifyInstance, resource: Resource) {
  const repo = createRepository(app.db, resource, {
    countLimit: app.config.LIST_COUNT_LIMIT,
    timeoutMs: app.config.LIST_STATEMENT_TIMEOUT_MS,
    retentionDays: app.config.RAW_RETENTION_DAYS,
    config: app.config,
  });
  const path = `/api/${resource.name}`;
  const tags = [resource.name];
  const operationId = crudOperationIds(resource.name);
  const row = resource.rowSchema;
  const errors = errorResponses(400, 401, 403, 404, 409, 429);
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
          security: bearerSecurity,
          operationId: operationId.list,
          summary: `List ${resource.label} records`,
          querystring: listQuerystring,
          response: { 200: listResponse(row), ...errors, ...errorResponses(503) },
        },
        onRequest: canRead,
      },
      async (request) => {
        const params = parseDataTableParams(request.query.dataTableParams);
        return okPage(await repo.list(params, callerOf(request)));
      },
    );
  }
  if (verbs.has('read')) {
    typed.get(
      `${path}/:id`,
      {
        schema: {
          tags,
          security: bearerSecurity,
          operationId: operationId.read,
          summary: `Read one ${resource.label}`,
          params: idParams,
          response: { 200: itemResponse(row), ...errors },
        },
        onRequest: canRead,
      },
      async (request) => ok(await repo.read(request.params.id, callerOf(request))),
    );
  }
  if (verbs.has('create')) {
    typed.post(
      path,
      {
        schema: {
          tags,
          security: bearerSecurity,
          operationId: operationId.create,
          summary: `Create a ${resource.label}`,
          body: resource.createSchema,
          response: { 201: createdSchema(resource), ...errors },
        },
        onRequest: requireAdmin,
      },
      async (request, reply) => {
        const { data, secrets } = await repo.create(request.body, callerOf(request));
        return reply.status(201).send({ ...ok(data), ...secrets });
      },
    );
  }
  if (verbs.has('update')) {
    typed.put(
      `${path}/:id`,
      {
        schema: {
          tags,
          security: bearerSecurity,
          operationId: operationId.update,
          summary: `Update a ${resource.label}`,
          params: idParams,
          body: resource.updateSchema,
          response: { 200: itemResponse(row), ...errors },
        },
        onRequest: requireAdmin,
      },
      async (request) => ok(await repo.update(request.params.id, request.body, callerOf(request))),
    );
  }
  if (verbs.has('delete')) {
    typed.delete(
      `${path}/:id`,
      {
        schema: {
          tags,
          security: bearerSecurity,
          operationId: operationId.delete,
          summary: `Delete a ${resource.label}`,
          params: idParams,
          response: { 200: emptyResponse, ...errors },
        },
        onRequest: requireAdmin,
      },
      async (request) => {
        await repo.remove(request.params.id, callerOf(request));
        return okEmpty();
      },
    );
    typed.get(
      `/api/delete-preview/${resource.name}/:id`,
      {
        schema: {
          tags,
          security: bearerSecurity,
          operationId: operationId.deletePreview,
          summary: `What deleting a ${resource.label} would delete with it, and what blocks it`,
          params: idParams,
          response: { 200: itemResponse(deletePreviewSchema), ...errors },
        },
        onRequest: requireAdmin,
      },
      async (request) => ok(await repo.deletePreview(request.params.id, callerOf(request))),
    );
  }
}
