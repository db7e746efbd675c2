import type { FastifyServerOptions } from 'fastify';

/**
 * Secrets that travel in URLs stay out of the logs: the session token in /api/live's query string
 * (EventSource sends no headers), and the password-reset token in the path of the mailed link
 * (/user/resetPassword/<token>) and of the API call it makes.
 */
export const redactUrl = (url: string) =>
  url.replace(/([?&]token=)[^&]*/g, '$1[redacted]').replace(/(\/resetPassword\/)[^/?#]+/gi, '$1[redacted]');

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}
