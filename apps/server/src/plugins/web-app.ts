import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { CSP_NONCE_PLACEHOLDER, PAGE_THEME_ELEMENT_ID, type PageTheme } from '@greenpod/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type CspDirectives, withStyleNonce } from './content-security-policy';

// Vite names what it builds into assets/ by content hash, so a name never changes meaning.
const HASHED = /[/\\]assets[/\\][^/\\]+-[\w-]{8,}(\.\w+)+$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
// Everything else (the SPA shell, favicon) is revalidated so a new build is picked up at once.
export const REVALIDATE = 'no-cache';

/**
 * Serves the built SPA's files: the .br/.gz copies made at build time when the browser accepts them
 * (never compressed per request), hashed assets cached for a year, the rest revalidated. index.html is
 * not among them: it is the shell, sent per request with its own nonce (spaShell).
 */
export async function registerWebApp(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    globIgnore: ['index.html', 'index.html.*'],
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, path) {
      reply.header('cache-control', HASHED.test(path) ? IMMUTABLE : REVALIDATE);
    },
  });
}

/**
 * The SPA shell (index.html) for `/` and every client route, with a fresh CSP nonce for styles: in the
 * page where the build left CSP_NONCE_PLACEHOLDER and in the response's style-src, so the UI kit's
 * <style> tags (which read it back) are allowed and injected ones are not (docs/decisions/0026-style-nonces.md).
 * A client's link carries that client's theme (`pageThemeOf`), so its first paint wears it
 * (docs/performance.md#the-first-paint). Read once, as the static routes are set up once (a new build needs a
 * restart); never precompressed.
 */
export function spaShell(
  root: string,
  directives: CspDirectives,
  pageThemeOf: (url: string) => Promise<PageTheme | null> = async () => null,
) {
  const parts = readFileSync(join(root, 'index.html'), 'utf8').split(CSP_NONCE_PLACEHOLDER);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const nonce = randomBytes(18).toString('base64');
    const html = parts.join(nonce);
    const theme = await pageThemeOf(request.url).catch((err: unknown) => {
      // The page still works without it: the app asks for the theme itself.
      request.log.warn({ err }, "the page's theme could not be read");
      return null;
    });
    reply.helmet({ contentSecurityPolicy: { directives: withStyleNonce(directives, nonce) } });
    return reply
      .header('cache-control', REVALIDATE)
      .type('text/html; charset=utf-8')
      .send(theme ? html.replace('</head>', `${themeElement(theme)}</head>`) : html);
  };
}

/**
 * JSON in a data block: never run, so the policy's script-src does not apply to it. Every `<` escaped, so no
 * value can close the element.
 */
export const themeElement = (theme: PageTheme) =>
  `<script type="application/json" id="${PAGE_THEME_ELEMENT_ID}">${JSON.stringify(theme).replace(/</g, '\\u003c')}</script>`;

export type SpaShell = ReturnType<typeof spaShell>;

/** Client routes get the SPA's index.html; a missing file under /assets/ is a plain 404, never HTML. */
export const servesIndexHtml = (method: string, url: string) =>
  (method === 'GET' || method === 'HEAD') && !url.startsWith('/api/') && !url.startsWith('/assets/');
