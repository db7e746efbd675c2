import { getResource } from '@greenpod/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf } from '../auth/caller';
import type { SqlParam } from '../db/database';
import { notFound } from '../http/errors';
import { compileSelect, scopeClause } from './select';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * A viewer marks their own user-notification read (docs/api.md#notifications). User-notification writes
 * are otherwise the administrators'; this one changes one flag of one row the caller owns.
 */
export async function ownNotificationRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/user-notification/:id/read',
    {
      schema: {
        tags: ['user-notification'],
        summary: 'Mark one of my notifications read',
        security: [{ bearerAuth: [] }],
        params: idParams,
      },
      onRequest: authenticate,
    },
    async (request) => {
      const caller = callerOf(request);
      // Someone else's row, or one whose pod left the caller's scope, is not found, like every read.
      const params: SqlParam[] = [request.params.id, caller.userId];
      const notifications = compileSelect(getResource('notification'));
      const clause = scopeClause(notifications, caller.scope, params);
      const [row] = await app.db.query<{ id: number }>(
        `UPDATE user_notification un SET read = true, updated = now()
         WHERE un.id = $1 AND un.user_id = $2
           ${clause ? `AND un.notification_id IN (SELECT t.id FROM ${notifications.from} WHERE ${clause})` : ''}
         RETURNING un.id`,
        params,
      );
      if (!row) throw notFound('User Notification');
      return { success: true, data: { id: row.id, read: true } };
    },
  );
}
