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
import { bearerSecurity, emptyResponse, errorResponses, ok, okEmpty, successSchema } from '../http/route-schemas';
import { mailRegistrationAttempt } from './account-mails';
import { findUserBy, insertPendingUser, lowestRoleId, publicUser } from './account-queries';
import { authenticate, callerOf } from './caller';
import { resetPasswordWithToken, storeResetToken } from './password-reset-queries';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { emailKey, limit, perAddress, tags } from './rate-limits';
import { hashToken, newResetToken, RESET_TTL_MINUTES, sessionClaimsOf } from './tokens';

const messageResponse = z.object({ success: z.literal(true), message: z.string() });

export async function authRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { config } = app;

  app.post(
    '/api/user/login',
    {
      schema: {
        tags,
        security: [],
        operationId: 'signIn',
        summary: 'Sign in with e-mail and password: a session token, the user and their role',
        body: loginSchema,
        response: { 200: successSchema, ...errorResponses(400, 401, 403, 429) },
      },
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
      return { success: true as const, token, user: publicUser(user), role: user.role };
    },
  );

  app.post(
    '/api/user/register',
    {
      schema: {
        tags,
        security: [],
        operationId: 'register',
        summary: 'Register an account, which an administrator must verify before it can sign in',
        body: registerSchema,
        response: { 201: messageResponse, ...errorResponses(400, 429, 503) },
      },
      config: limit(Math.max(20, config.LOGIN_RATE_LIMIT)),
    },
    async (request, reply) => {
      const { firstName, lastName, email, password } = request.body;
      const roleId = await lowestRoleId(app.db);
      if (!roleId) throw new HttpError(503, 'Registration is closed: no viewer role exists yet');
      // One answer, and the same work (a hash), whether or not the address has an account.
      const passwordHash = await hashPassword(password);
      const created = await insertPendingUser(app.db, { roleId, firstName, lastName, email, passwordHash });
      if (!created) mailRegistrationAttempt(app, email);
      return reply.status(201).send({ success: true as const, message: PENDING_VERIFICATION });
    },
  );

  app.post(
    '/api/user/resetPassword',
    {
      schema: {
        tags,
        security: [],
        operationId: 'requestPasswordReset',
        summary: 'Mail a password reset link (the same answer whether or not the address has an account)',
        body: requestResetSchema,
        response: { 200: messageResponse, ...errorResponses(400, 429) },
      },
      config: limit(config.RESET_RATE_LIMIT, emailKey),
      preHandler: perAddress(app, 'reset', config.RESET_ADDRESS_RATE_LIMIT),
    },
    async (request) => {
      const user = await findUserBy(app.db, 'email', request.body.email);
      if (user?.active) {
        const token = newResetToken();
        await storeResetToken(app.db, user.id, hashToken(token), RESET_TTL_MINUTES);
        const base = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
        await app.mailer.send({
          to: user.email,
          subject: 'Reset your Greenpod password',
          text: `Hello ${user.firstName},\n\nOpen this link within one hour to choose a new password:\n${base.replace(/\/$/, '')}/user/resetPassword/${token}\n\nIf you did not ask for this, ignore this e-mail.\n`,
        });
      }
      return { success: true as const, message: RESET_ANSWER };
    },
  );

  app.put(
    '/api/user/resetPassword/:token',
    {
      schema: {
        tags,
        security: [],
        operationId: 'resetPassword',
        summary: 'Choose a new password with the token of a reset link',
        params: z.object({ token: z.string().min(1).max(200) }),
        body: resetPasswordSchema,
        response: { 200: emptyResponse, ...errorResponses(400, 429) },
      },
      config: limit(config.RESET_RATE_LIMIT),
    },
    async (request) => {
      const done = await resetPasswordWithToken(app.db, hashToken(request.params.token), () =>
        hashPassword(request.body.password),
      );
      if (!done) throw badRequest('This reset link is invalid or has expired. Please ask for a new one.');
      return okEmpty();
    },
  );

  app.get(
    '/api/user/me',
    {
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'getCurrentUser',
        summary: 'The signed-in user and their role',
        response: { 200: successSchema, ...errorResponses(401) },
      },
      onRequest: authenticate,
    },
    async (request) => {
      const user = await findUserBy(app.db, 'id', callerOf(request).userId);
      if (!user) throw unauthorized();
      return ok({ user: publicUser(user), role: user.role });
    },
  );
}
