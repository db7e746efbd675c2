import { SENSOR_TYPES, tipCardSchema } from '@greenpod/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf } from '../auth/caller';
import { parseDataTableParams } from '../crud/list-query';
import { notFound } from '../http/errors';
import {
  bearerSecurity,
  errorResponses,
  idParams,
  itemResponse,
  listResponse,
  ok,
  okPage,
} from '../http/route-schemas';
import { listTips } from './tip-queries';

const tags = ['tips'];
const tipsQuery = z.object({
  dataTableParams: z.unknown().optional().describe('The list protocol (docs/api.md#lists), JSON or bracket form'),
  tag: z.enum(SENSOR_TYPES).optional().describe('Only tips carrying this sensor type tag'),
});

/** The tips page and one tip's article (docs/api.md#tips). */
export async function tipRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const limits = { countLimit: app.config.LIST_COUNT_LIMIT, timeoutMs: app.config.LIST_STATEMENT_TIMEOUT_MS };

  app.get(
    '/api/tips',
    {
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'listTipCards',
        summary:
          "The caller's active tips: those tagged with a sensor exceeded or close in their location first, with why",
        querystring: tipsQuery,
        response: { 200: listResponse(tipCardSchema), ...errorResponses(400, 401, 503) },
      },
      onRequest: authenticate,
    },
    async (request) => {
      const params = parseDataTableParams(request.query.dataTableParams);
      return okPage(await listTips(app.db, limits, callerOf(request).scope, params, { tag: request.query.tag }));
    },
  );

  app.get(
    '/api/tips/:id',
    {
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'getTipCard',
        summary: 'One active tip in scope, with why it is urgent if it is (404 otherwise)',
        params: idParams,
        response: { 200: itemResponse(tipCardSchema), ...errorResponses(400, 401, 404) },
      },
      onRequest: authenticate,
    },
    async (request) => {
      const page = await listTips(app.db, limits, callerOf(request).scope, parseDataTableParams({}), {
        id: request.params.id,
      });
      const [card] = page.data;
      if (!card) throw notFound('Tip');
      return ok(card);
    },
  );
}
