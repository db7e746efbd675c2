import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// Vite names what it builds into assets/ by content hash, so a name never changes meaning.
const HASHED = /[/\\]assets[/\\][^/\\]+-[\w-]{8,}(\.\w+)+$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
// Everything else (index.html, favicon) is revalidated so a new build is picked up at once.
export const REVALIDATE = 'no-cache';

/**
 * Serves the built SPA: the .br/.gz copies made at build time when the browser accepts them (never
 * compressed per request), hashed assets cached for a year, the rest revalidated.
 */
export async function registerWebApp(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, path) {
      reply.header('cache-control', HASHED.test(path) ? IMMUTABLE : REVALIDATE);
    },
  });
}

/** Client routes get the SPA's index.html; a missing file under /assets/ is a plain 404, never HTML. */
export const servesIndexHtml = (method: string, url: string) =>
  method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/assets/');
