import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf } from '../auth/caller';
import { notFound } from '../http/errors';
import { bearerSecurity, errorResponses, idParams, itemResponse, ok } from '../http/route-schemas';
import { markAllOwnNotificationsRead, markOwnNotificationRead } from './notification-queries';

/**
 * A viewer marks their own user-notification read (docs/api.md#notifications). User-notification writes
 * are otherwise the administrators'; this one changes one flag of one row the caller owns.
 */
export async function ownNotificationRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/user-notification/read-all',
    {
      schema: {
        tags: ['user-notification'],
        summary: 'Mark all my notifications read',
        operationId: 'markAllMyNotificationsRead',
        security: bearerSecurity,
        response: {
          200: itemResponse(z.object({ updated: z.number().int() })),
          ...errorResponses(401),
        },
      },
      onRequest: authenticate,
    },
    async (request) => {
      const caller = callerOf(request);
      return ok({ updated: await markAllOwnNotificationsRead(app.db, caller.userId, caller.scope) });
    },
  );

  app.post(
    '/api/user-notification/:id/read',
    {
      schema: {
        tags: ['user-notification'],
        summary: 'Mark one of my notifications read',
        operationId: 'markMyNotificationRead',
        security: bearerSecurity,
        params: idParams,
        response: {
          200: itemResponse(z.object({ id: z.number(), read: z.literal(true) })),
          ...errorResponses(400, 401, 404),
        },
      },
      onRequest: authenticate,
    },
    async (request) => {
      const caller = callerOf(request);
      const row = await markOwnNotificationRead(app.db, request.params.id, caller.userId, caller.scope);
      if (!row) throw notFound('User Notification');
      return ok({ id: row.id, read: true as const });
    },
  );
}
