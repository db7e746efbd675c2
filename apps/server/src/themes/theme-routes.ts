import { DEFAULT_THEME } from '@greenpod/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf } from '../auth/caller';
import { forbidden, notFound } from '../http/errors';
import { bearerSecurity, errorResponses, ok, recordId, shortcode, successSchema } from '../http/route-schemas';
import { clientTheme, roleTheme } from './theme-queries';

/** The themes a page wears (docs/api.md#themes): the default, a client's by shortcodes, a role's. */
export async function themeRoutes(base: FastifyInstance) {
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
    async () => ok(DEFAULT_THEME),
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
      const theme = await clientTheme(app.db, request.params.groupShortcode, request.params.clientShortcode);
      if (theme === undefined) throw notFound('Client');
      return ok(theme ?? DEFAULT_THEME);
    },
  );

  app.get(
    '/api/configuration/role/:roleId',
    {
      schema: {
        tags: ['configuration'],
        summary: "The theme for a role's users",
        security: bearerSecurity,
        operationId: 'getRoleTheme',
        params: z.object({ roleId: recordId('roleId') }),
        response: { 200: successSchema, ...errorResponses(400, 401, 403) },
      },
      onRequest: authenticate,
    },
    async (request) => {
      const caller = callerOf(request);
      if (!caller.isAdmin && caller.roleId !== request.params.roleId) throw forbidden();
      return ok((await roleTheme(app.db, request.params.roleId)) ?? DEFAULT_THEME);
    },
  );
}
