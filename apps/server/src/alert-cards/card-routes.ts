import { alertCardSchema } from '@greenpod/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf } from '../auth/caller';
import { placeAndWindowShape } from '../dashboard/dashboard-params';
import { checkPlaces } from '../dashboard/dashboard-scope';
import { conflict, notFound } from '../http/errors';
import { bearerSecurity, errorResponses, itemResponse, ok, recordId } from '../http/route-schemas';
import { acknowledgeAlert, listAlertCards } from './card-queries';

const tags = ['alerts'];
const cardsQuery = z.object({
  locationId: placeAndWindowShape.locationId,
  areaId: placeAndWindowShape.areaId,
  podId: placeAndWindowShape.podId,
});
const cardParams = z.object({ ruleId: recordId('ruleId'), podId: recordId('podId') });

const STATUS_WORDS = { ok: 'OK', close: 'close to its limit', exceeded: 'exceeded' } as const;

/** The alerts page (docs/api.md#alert-cards): its cards, and acknowledging an exceeded one. */
export async function alertCardRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/alert-cards',
    {
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'listAlertCards',
        summary: 'One card per rule and pod it applies to, in scope: exceeded first, then close, then OK',
        querystring: cardsQuery,
        response: { 200: itemResponse(z.array(alertCardSchema)), ...errorResponses(400, 401, 404) },
      },
      onRequest: authenticate,
    },
    async (request) => {
      const { scope } = callerOf(request);
      const filter = { ...request.query };
      await checkPlaces(app.db, scope, filter);
      return ok(await listAlertCards(app.db, scope, filter));
    },
  );

  app.post(
    '/api/alert-cards/:ruleId/:podId/acknowledge',
    {
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'acknowledgeAlertCard',
        summary:
          'Acknowledge the exceeded episode of a rule on a pod; shown on the card until the episode ends (409 unless exceeded)',
        params: cardParams,
        response: { 200: itemResponse(alertCardSchema), ...errorResponses(400, 401, 404, 409) },
      },
      onRequest: authenticate,
    },
    async (request) => {
      const caller = callerOf(request);
      const { ruleId, podId } = request.params;
      const result = await acknowledgeAlert(app.db, caller.scope, ruleId, podId, caller.userId);
      switch (result.kind) {
        case 'not-found':
          throw notFound('Alert');
        case 'not-exceeded':
          throw conflict(
            `Only an exceeded alert can be acknowledged: this one is ${
              result.card.status === null ? 'without readings' : STATUS_WORDS[result.card.status]
            }`,
          );
        case 'no-episode':
          throw conflict('This alert cannot be acknowledged until the rules engine has evaluated its readings');
        case 'acknowledged':
          return ok(result.card);
        default:
          return result satisfies never;
      }
    },
  );
}
