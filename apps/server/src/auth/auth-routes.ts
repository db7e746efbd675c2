import {
  loginSchema,
  PENDING_VERIFICATION,
  RESET_ANSWER,
  registerSchema,
  requestResetSchema,
  resetPasswordSchema,
} from '@greenpod/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, HttpError, unauthorized } from '../http/errors';
import { mailRegistrationAttempt } from './account-mails';
import { findUserBy, lowestRoleId, publicUser } from './account-queries';
import { authenticate, callerOf } from './caller';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { emailKey, limit, perAddress, tags } from './rate-limits';
import { hashToken, newResetToken, RESET_TTL_MINUTES, sessionClaimsOf } from './tokens';

export async function authRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { config } = app;

  app.post(
    '/api/user/login',
    {
      schema: { tags, body: loginSchema },
      config: limit(config.LOGIN_RATE_LIMIT, emailKey),
      preHandler: perAddress(app, 'sign-in', config.LOGIN_ADDRESS_RATE_LIMIT),
    },
    async (request) => {
      const { email, password } = request.body;
      const user = await findUserBy(app.db, 'email', email);
      if (!user) {
        await burnPasswordCheck(password);
        throw unauthorized('Invalid e-mail or password');
      }
      if (!(await verifyPassword(user.password, password))) throw unauthorized('Invalid e-mail or password');
      if (!user.verified) throw new HttpError(403, 'Your account is waiting for an administrator to verify it');
      if (!user.active) throw new HttpError(403, 'Your account has been deactivated');
      const token = app.jwt.sign(sessionClaimsOf(user.id, user.password));
      return { success: true, token, user: publicUser(user), role: user.role };
    },
  );

  app.post(
    '/api/user/register',
    { schema: { tags, body: registerSchema }, config: limit(Math.max(20, config.LOGIN_RATE_LIMIT)) },
    async (request, reply) => {
      const { firstName, lastName, email, password } = request.body;
      const roleId = await lowestRoleId(app.db);
      if (!roleId) throw new HttpError(503, 'Registration is closed: no viewer role exists yet');
      // One answer, and the same work (a hash), whether or not the address has an account.
      const [created] = await app.db.query<{ id: number }>(
        `INSERT INTO app_user (role_id, first_name, last_name, email, password, active, verified) VALUES ($1, $2, $3, $4, $5, true, false)
       ON CONFLICT (email) DO NOTHING RETURNING id`,
        [roleId, firstName, lastName, email, await hashPassword(password)],
      );
      if (!created) mailRegistrationAttempt(app, email);
      return reply.status(201).send({ success: true, message: PENDING_VERIFICATION });
    },
  );

  app.post(
    '/api/user/resetPassword',
    {
      schema: { tags, body: requestResetSchema },
      config: limit(config.RESET_RATE_LIMIT, emailKey),
      preHandler: perAddress(app, 'reset', config.RESET_ADDRESS_RATE_LIMIT),
    },
    async (request) => {
      const user = await findUserBy(app.db, 'email', request.body.email);
      if (user?.active) {
        const token = newResetToken();
        await app.db.query(
          `INSERT INTO password_reset (token_hash, user_id, expires) VALUES ($1, $2, now() + make_interval(mins => $3))`,
          [hashToken(token), user.id, RESET_TTL_MINUTES],
        );
        const base = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
        await app.mailer.send({
          to: user.email,
          subject: 'Reset your Greenpod password',
          text: `Hello ${user.firstName},\n\nOpen this link within one hour to choose a new password:\n${base.replace(/\/$/, '')}/user/resetPassword/${token}\n\nIf you did not ask for this, ignore this e-mail.\n`,
        });
      }
      return { success: true, message: RESET_ANSWER };
    },
  );

  app.put(
    '/api/user/resetPassword/:token',
    {
      schema: { tags, params: z.object({ token: z.string().min(1).max(200) }), body: resetPasswordSchema },
      config: limit(config.RESET_RATE_LIMIT),
    },
    async (request) => {
      const hash = hashToken(request.params.token);
      const done = await app.db.transaction(async (tx) => {
        const [row] = await tx.query<{ user_id: number }>(
          `UPDATE password_reset SET used = now() WHERE token_hash = $1 AND used IS NULL AND expires > now() RETURNING user_id`,
          [hash],
        );
        if (!row) return false;
        await tx.query('UPDATE app_user SET password = $1, updated = now() WHERE id = $2', [
          await hashPassword(request.body.password),
          row.user_id,
        ]);
        await tx.query('UPDATE password_reset SET used = now() WHERE user_id = $1 AND used IS NULL', [row.user_id]);
        return true;
      });
      if (!done) throw badRequest('This reset link is invalid or has expired. Please ask for a new one.');
      return { success: true };
    },
  );

  app.get(
    '/api/user/me',
    { schema: { tags, security: [{ bearerAuth: [] }] }, onRequest: authenticate },
    async (request) => {
      const user = await findUserBy(app.db, 'id', callerOf(request).userId);
      if (!user) throw unauthorized();
      return { success: true, data: { user: publicUser(user), role: user.role } };
    },
  );
}
