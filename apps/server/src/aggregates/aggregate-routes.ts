import { aggregateRowSchema, GRANULARITIES } from '@greenpod/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../auth/caller';
import { parseDataTableParams } from '../crud/list-query';
import {
  bearerSecurity,
  errorResponses,
  itemResponse,
  listQuerystring,
  listResponse,
  ok,
  okPage,
} from '../http/route-schemas';
import { deleteAggregates, generateAggregates } from './aggregate-generator';
import { listAggregates } from './aggregate-list';
import { withAggregateLock } from './aggregate-lock';

const errors = errorResponses(400, 401, 403, 429);

/** Daily, weekly and monthly aggregated data (docs/api.md#aggregates): list, Generate, Delete; admins only. */
export async function aggregateRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const timeZone = app.config.AGGREGATE_TIMEZONE;
  const limits = { countLimit: app.config.LIST_COUNT_LIMIT, timeoutMs: app.config.LIST_STATEMENT_TIMEOUT_MS };

  for (const granularity of GRANULARITIES) {
    const path = `/api/${granularity}-data`;
    const tags = [`${granularity}-data`];
    // daily -> listDailyData, generateDailyData, deleteDailyData.
    const data = `${granularity.charAt(0).toUpperCase()}${granularity.slice(1)}Data`;

    app.get(
      path,
      {
        schema: {
          tags,
          security: bearerSecurity,
          operationId: `list${data}`,
          summary: `List ${granularity} aggregated data (one row per pod and period)`,
          querystring: listQuerystring,
          response: { 200: listResponse(aggregateRowSchema), ...errors, ...errorResponses(503) },
        },
        onRequest: requireAdmin,
      },
      async (request) => {
        const params = parseDataTableParams(request.query.dataTableParams);
        return okPage(await listAggregates(app.db, limits, granularity, params));
      },
    );

    // GET because the admin screens call it so (docs/api.md#aggregates); it is idempotent, so a repeat is harmless.
    app.get(
      `${path}/generate`,
      {
        schema: {
          tags,
          security: bearerSecurity,
          operationId: `generate${data}`,
          summary: `Generate the ${granularity} rows of every closed period not generated yet`,
          response: { 200: itemResponse(z.object({ generated: z.number() })), ...errors },
        },
        onRequest: requireAdmin,
      },
      async () => {
        const generated = await withAggregateLock(app.db, granularity, 'wait', (tx) =>
          generateAggregates(tx, granularity, { timeZone }),
        );
        return ok({ generated: generated ?? 0 });
      },
    );

    app.delete(
      `${path}/delete`,
      {
        schema: {
          tags,
          security: bearerSecurity,
          operationId: `delete${data}`,
          summary: `Delete every ${granularity} row`,
          response: { 200: itemResponse(z.object({ deleted: z.number() })), ...errors },
        },
        onRequest: requireAdmin,
      },
      async () => {
        const deleted = await withAggregateLock(app.db, granularity, 'wait', (tx) => deleteAggregates(tx, granularity));
        return ok({ deleted: deleted ?? 0 });
      },
    );
  }
}
