import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DatabaseUnavailableError } from '../db/unavailable';
import { DATABASE_RETRY_AFTER_S, HttpError, toValidationErrors } from '../http/errors';
import { type SpaShell, servesIndexHtml } from './web-app';

// PostgreSQL error codes that mean the input was wrong, not the server.
const PG_CLIENT_ERRORS: Record<string, [number, string]> = {
  '23505': [409, 'A record with these values already exists'],
  '23503': [409, 'This record is still referenced by other records'],
  '22P02': [400, 'A value has the wrong type'],
  '22003': [400, 'A number is out of range'],
  '22001': [400, 'A value is too long'],
  '22007': [400, 'A date is not valid'],
  '22008': [400, 'A date is out of range'],
  '23514': [400, 'A value is not allowed'],
  '23502': [400, 'A required value is missing'],
};

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database cannot be reached right now. Please try again in a few seconds.';

/**
 * Errors Fastify's router raises before any route or error handler runs (a path parameter past
 * maxParamLength, a path that is not valid percent-encoding): the API's envelope instead of Fastify's own.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send({ success: false, error: 'A part of the address is too long' });
  }
  if (err.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send({ success: false, error: 'The address is not valid' });
  }
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
  return reply.status(status).send({ success: false, error: status === 500 ? 'Internal server error' : err.message });
}

/** The one error handler: 4xx with a clear message, and a 5xx that hides its details. */
export function registerErrorHandler(app: FastifyInstance, opts: { spa?: SpaShell } = {}) {
  app.setErrorHandler((err: FastifyError & { code?: string }, request, reply) => {
    if (err instanceof HttpError) {
      if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.status(err.statusCode).send({
        success: false,
        error: err.message,
        ...(err.validationErrors ? { validationErrors: err.validationErrors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send({
        success: false,
        error: 'Please check the highlighted fields',
        validationErrors: toValidationErrors(issues),
      });
    }
    if (err instanceof DatabaseUnavailableError) {
      // Expected during a database restart and gone by itself after it: a warning, not a stack trace.
      request.log.warn({ code: err.code, detail: err.message }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send({ success: false, error: DATABASE_UNAVAILABLE_MESSAGE });
    }
    const pg = err.code ? PG_CLIENT_ERRORS[err.code] : undefined;
    if (pg) {
      request.log.info({ code: err.code, detail: err.message }, 'database rejected input');
      return reply.status(pg[0]).send({ success: false, error: pg[1] });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send({ success: false, error: err.message });
    }
    request.log.error(err);
    return reply.status(500).send({ success: false, error: 'Internal server error' });
  });
  app.setNotFoundHandler((request, reply) => {
    // The built SPA owns every GET outside /api; its router shows its own 404 page.
    if (opts.spa && servesIndexHtml(request.method, request.url)) {
      return opts.spa(request, reply);
    }
    return reply.status(404).send({ success: false, error: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
}
