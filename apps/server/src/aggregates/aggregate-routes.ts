import { pagingSchema } from '@greenpod/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../auth/caller';
import { parseDataTableParams } from '../crud/list-query';
import { errorSchema } from '../http/response-schemas';
import { deleteAggregates, generateAggregates } from './aggregate-generator';
import { aggregateRowSchema, listAggregates } from './aggregate-list';
import { withAggregateLock } from './aggregate-lock';
import { GRANULARITIES } from './periods';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema };
const listQuery = z.object({ dataTableParams: z.unknown().optional() }).loose();
const listResponse = z.object({
  success: z.literal(true),
  data: z.array(aggregateRowSchema),
  paging: pagingSchema,
});
const security = [{ bearerAuth: [] }];

/** Daily, weekly and monthly aggregated data (admin.md 2, API.md): list, Generate, Delete; admins only. */
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
          security,
          operationId: `list${data}`,
          summary: `List ${granularity} aggregated data (one row per pod and period)`,
          querystring: listQuery,
          response: { 200: listResponse, ...errors, 503: errorSchema },
        },
        onRequest: requireAdmin,
      },
      async (request) => {
        const params = parseDataTableParams((request.query as { dataTableParams?: unknown }).dataTableParams);
        return { success: true as const, ...(await listAggregates(app.db, limits, granularity, params)) };
      },
    );

    // GET because the admin screens call it so (admin.md 7); it is idempotent, so a repeat is harmless.
    app.get(
      `${path}/generate`,
      {
        schema: {
          tags,
          security,
          operationId: `generate${data}`,
          summary: `Generate the ${granularity} rows of every closed period not generated yet`,
          response: {
            200: z.object({ success: z.literal(true), data: z.object({ generated: z.number() }) }),
            ...errors,
          },
        },
        onRequest: requireAdmin,
      },
      async () => {
        const generated = await withAggregateLock(app.db, granularity, 'wait', (tx) =>
          generateAggregates(tx, granularity, { timeZone }),
        );
        return { success: true as const, data: { generated: generated ?? 0 } };
      },
    );

    app.delete(
      `${path}/delete`,
      {
        schema: {
          tags,
          security,
          operationId: `delete${data}`,
          summary: `Delete every ${granularity} row`,
          response: { 200: z.object({ success: z.literal(true), data: z.object({ deleted: z.number() }) }), ...errors },
        },
        onRequest: requireAdmin,
      },
      async () => {
        const deleted = await withAggregateLock(app.db, granularity, 'wait', (tx) => deleteAggregates(tx, granularity));
        return { success: true as const, data: { deleted: deleted ?? 0 } };
      },
    );
  }
}
