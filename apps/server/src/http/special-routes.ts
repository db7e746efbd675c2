import { columnName, DEFAULT_THEME, getResource, THEME_FIELDS, type Theme } from '@greenpod/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf } from '../auth/caller';
import { compileSelect, scopeClause } from '../crud/select';
import type { SqlParam } from '../db/database';
import { forbidden, notFound } from './errors';
import { errorResponses, successSchema } from './response-schemas';

const THEME_SQL = [...THEME_FIELDS, 'primaryLogo', 'secondaryLogo', 'favicon']
  .map((f) => `c.${columnName(f)} AS "${f}"`)
  .join(', ');
const shortcode = z
  .string()
  .length(12, 'A shortcode has 12 characters')
  .regex(/^[\w-]+$/, 'Not a shortcode');
const security = [{ bearerAuth: [] }];

/** The few calls of API.md that are not plain CRUD: themes and a user's unread notifications. */
export async function specialRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/configuration/default',
    {
      schema: {
        tags: ['configuration'],
        security: [],
        operationId: 'getDefaultTheme',
        summary: 'The default theme (public)',
        response: { 200: successSchema, ...errorResponses(429) },
      },
    },
    async () => ({ success: true as const, data: DEFAULT_THEME }),
  );

  app.get(
    '/api/configuration/:groupShortcode/:clientShortcode',
    {
      schema: {
        tags: ['configuration'],
        security: [],
        operationId: 'getClientTheme',
        summary: "A client's theme by shortcodes (public: theme only)",
        params: z.object({ groupShortcode: shortcode, clientShortcode: shortcode }),
        response: { 200: successSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const { groupShortcode, clientShortcode } = request.params;
      const [client] = await app.db.query<{ id: number }>(
        'SELECT c.id FROM client c JOIN app_group g ON g.id = c.group_id WHERE g.shortcode = $1 AND c.shortcode = $2',
        [groupShortcode, clientShortcode],
      );
      if (!client) throw notFound('Client');
      const [theme] = await app.db.query<Theme>(
        `SELECT ${THEME_SQL} FROM configuration c WHERE c.client_id = $1 AND c.active`,
        [client.id],
      );
      return { success: true as const, data: theme ?? DEFAULT_THEME };
    },
  );

  app.get(
    '/api/configuration/role/:roleId',
    {
      schema: {
        tags: ['configuration'],
        summary: "The theme for a role's users",
        security,
        operationId: 'getRoleTheme',
        params: z.object({ roleId: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: successSchema, ...errorResponses(400, 401, 403) },
      },
      onRequest: authenticate,
    },
    async (request) => {
      const caller = callerOf(request);
      if (!caller.isAdmin && caller.roleId !== request.params.roleId) throw forbidden();
      const [theme] = await app.db.query<Theme>(
        `SELECT ${THEME_SQL} FROM configuration_role cr JOIN configuration c ON c.id = cr.configuration_id WHERE cr.role_id = $1 AND c.active`,
        [request.params.roleId],
      );
      return { success: true as const, data: theme ?? DEFAULT_THEME };
    },
  );

  app.get(
    '/api/notification/unread/:userId',
    {
      schema: {
        tags: ['notification'],
        summary: "A user's unread notifications",
        security,
        operationId: 'listUnreadNotifications',
        params: z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: successSchema, ...errorResponses(400, 401, 403) },
      },
      onRequest: authenticate,
    },
    async (request) => {
      const caller = callerOf(request);
      if (!caller.isAdmin && caller.userId !== request.params.userId) throw forbidden();
      // Only notifications of pods in the caller's scope, through the scope clause every read uses.
      const params: SqlParam[] = [request.params.userId];
      const notifications = compileSelect(getResource('notification'));
      const clause = scopeClause(notifications, caller.scope, params);
      const rows = await app.db.query(
        `SELECT un.id, un.notification_id AS "notificationId", n.type, n.severity, n.value, n.pod_id AS "podId",
              to_char(un.created AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS created
       FROM user_notification un JOIN notification n ON n.id = un.notification_id
       WHERE un.user_id = $1 AND NOT un.read
         ${clause ? `AND n.id IN (SELECT t.id FROM ${notifications.from} WHERE ${clause})` : ''}
       ORDER BY un.created DESC LIMIT 100`,
        params,
      );
      return { success: true as const, data: rows, paging: { skip: 0, limit: 100, total: rows.length } };
    },
  );
}
