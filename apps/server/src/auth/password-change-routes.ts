import { changePasswordSchema, MESSAGES } from '@greenpod/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest, unauthorized } from '../http/errors';
import { findUserBy } from './account-queries';
import { authenticate, callerOf } from './caller';
import { hashPassword, verifyPassword } from './passwords';
import { limit, perAddress, tags } from './rate-limits';
import { sessionClaimsOf } from './tokens';

/** Counted per account and address, like sign-in: a stolen token must not become a password oracle. */
const userKey = (request: FastifyRequest) => `${request.ip}:user ${callerOf(request).userId}`;

/** PUT /api/user/me/password (docs/api.md#account): the signed-in user changes their own password. */
export async function passwordChangeRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { config } = app;

  app.put(
    '/api/user/me/password',
    {
      schema: {
        tags,
        summary: 'Change my password (answers a fresh token: the old ones stop working)',
        security: [{ bearerAuth: [] }],
        body: changePasswordSchema,
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
      await app.db.query('UPDATE app_user SET password = $1, updated = now() WHERE id = $2', [hash, user.id]);
      // The new hash has a new stamp, so every token issued before (this one too) stops working;
      // the caller keeps their session through this one.
      return { success: true, token: app.jwt.sign(sessionClaimsOf(user.id, hash)) };
    },
  );
}
