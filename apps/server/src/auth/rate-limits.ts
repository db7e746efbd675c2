import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';

/** The account routes' OpenAPI tag. */
export const tags = ['user'];

/** Attempts are counted per client address and e-mail, so one person's typos do not lock out another. */
export const emailKey = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown } | undefined;
  return `${request.ip}:${typeof body?.email === 'string' ? body.email.toLowerCase() : ''}`;
};

/** The route option of @fastify/rate-limit: `max` attempts per 15 minutes, counted before the handler. */
export const limit = (max: number, keyGenerator?: (r: FastifyRequest) => string) => ({
  rateLimit: { max, timeWindow: '15 minutes', hook: 'preHandler' as const, ...(keyGenerator ? { keyGenerator } : {}) },
});

/**
 * A second count per client address across e-mails, through the same plugin and store: the per-e-mail
 * limit alone lets one address try a common password on every account (spraying). createRateLimit,
 * not rateLimit: the plugin runs only the first rateLimit hook of a request.
 */
export function perAddress(app: FastifyInstance, route: string, max: number) {
  const check = app.createRateLimit({
    max,
    timeWindow: '15 minutes',
    keyGenerator: (request) => `${route} from ${request.ip}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    const minutes = Math.max(1, Math.ceil(result.ttl / 60_000));
    reply.header('retry-after', result.ttlInSeconds);
    throw new HttpError(429, `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  };
}
