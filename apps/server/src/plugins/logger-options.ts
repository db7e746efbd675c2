import type { FastifyServerOptions } from 'fastify';

/** Tokens travel in the query string of /api/live (EventSource sends no headers): keep them out of logs. */
export const redactUrl = (url: string) => url.replace(/([?&]token=)[^&]*/g, '$1[redacted]');

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
    },
  };
}
