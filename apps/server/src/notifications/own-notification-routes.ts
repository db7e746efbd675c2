import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf } from '../auth/caller';
import { forbidden, notFound } from '../http/errors';
import {
  bearerSecurity,
  errorResponses,
  idParams,
  itemResponse,
  ok,
  recordId,
  successSchema,
} from '../http/route-schemas';
import {
  markAllOwnNotificationsRead,
  markOwnNotificationRead,
  UNREAD_LIMIT,
  unreadNotifications,
} from './notification-queries';

/**
 * A user's own notifications (docs/api.md#notifications): the unread ones, and marking them read.
 * User-notification writes are otherwise the administrators'; these change one flag of rows the caller owns.
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

  app.get(
    '/api/notification/unread/:userId',
    {
      schema: {
        tags: ['notification'],
        summary: "A user's unread notifications",
        security: bearerSecurity,
        operationId: 'listUnreadNotifications',
        params: z.object({ userId: recordId('userId') }),
        response: { 200: successSchema, ...errorResponses(400, 401, 403) },
      },
      onRequest: authenticate,
    },
    async (request) => {
      const caller = callerOf(request);
      if (!caller.isAdmin && caller.userId !== request.params.userId) throw forbidden();
      const rows = await unreadNotifications(app.db, request.params.userId, caller.scope);
      return { ...ok(rows), paging: { skip: 0, limit: UNREAD_LIMIT, total: rows.length } };
    },
  );
}
