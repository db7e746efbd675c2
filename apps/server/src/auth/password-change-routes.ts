import { changePasswordSchema, MESSAGES } from '@greenpod/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, unauthorized } from '../http/errors';
import { bearerSecurity, errorResponses } from '../http/route-schemas';
import { findUserBy, setPassword } from './account-queries';
import { authenticate, callerOf } from './caller';
import { hashPassword, verifyPassword } from './passwords';
import { limit, perAddress, tags } from './rate-limits';
import { sessionClaimsOf } from './tokens';

/** Counted per account and address, like sign-in: a stolen token must not become a password oracle. */
const userKey = (request: FastifyRequest) => `${request.ip}:user ${callerOf(request).userId}`;

/** PUT /api/user/me/password (docs/api.md#auth): the signed-in user changes their own password. */
export async function passwordChangeRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { config } = app;

  app.put(
    '/api/user/me/password',
    {
      schema: {
        tags,
        summary: 'Change my password (answers a fresh token: the old ones stop working)',
        operationId: 'changeMyPassword',
        security: bearerSecurity,
        body: changePasswordSchema,
        response: {
          200: z.object({ success: z.literal(true), token: z.string() }),
          ...errorResponses(400, 401, 429),
        },
      },
      onRequest: authenticate,
      config: limit(config.LOGIN_RATE_LIMIT, userKey),
      preHandler: perAddress(app, 'sign-in', config.LOGIN_ADDRESS_RATE_LIMIT),
    },
    async (request) => {
      const user = await findUserBy(app.db, 'id', callerOf(request).userId);
      if (!user) throw unauthorized();
      if (!(await verifyPassword(user.password, request.body.currentPassword))) {
        throw badRequest(MESSAGES.wrongCurrentPassword, { currentPassword: [MESSAGES.wrongCurrentPassword] });
      }
      const hash = await hashPassword(request.body.password);
      await setPassword(app.db, user.id, hash);
      // The new hash has a new stamp, so every token issued before (this one too) stops working;
      // the caller keeps their session through this one.
      return { success: true as const, token: app.jwt.sign(sessionClaimsOf(user.id, hash)) };
    },
  );
}
