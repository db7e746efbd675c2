import type { FastifyHelmetOptions } from '@fastify/helmet';
import { tileOrigin } from '../http/tile-url';

type Directives = NonNullable<Exclude<FastifyHelmetOptions['contentSecurityPolicy'], boolean>>['directives'];

/**
 * The policy of every response (helmet fills in its defaults for the rest). No 'unsafe-inline' for
 * styles: the SPA shell adds a nonce of its own for the UI kit's <style> tags (withStyleNonce,
 * docs/decisions/0026-style-nonces.md); JSON and the API docs need none. Images may come from the map
 * tile server, and from nowhere else outside (docs/api.md#the-map).
 */
export function cspDirectives(tileUrl: string) {
  const tiles = tileUrl ? tileOrigin(tileUrl) : undefined;
  return {
    defaultSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    styleSrc: ["'self'"],
    scriptSrc: ["'self'"],
    connectSrc: ["'self'"],
    // Plain-HTTP installs (a LAN address) must still load their own scripts.
    upgradeInsecureRequests: null,
  } satisfies Directives;
}
export type CspDirectives = ReturnType<typeof cspDirectives>;

/** The policy of one SPA shell: <style> elements carrying this nonce are allowed, no other inline style. */
export const withStyleNonce = (directives: CspDirectives, nonce: string): Directives => ({
  ...directives,
  styleSrc: [...directives.styleSrc, `'nonce-${nonce}'`],
});

// Swagger UI's top bar draws a logo whose SVG carries a <style> of its own (swagger-ui-standalone-preset.js):
// its hash, on /api/docs only. Should an upgrade change that SVG, the logo loses two fill colours, nothing else.
const SWAGGER_LOGO_STYLE = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/** The policy of /api/docs (@fastify/swagger-ui's transformStaticCSP): the global one and that hash. */
export const swaggerUiCsp = (header: string) =>
  header.replace("style-src 'self'", `style-src 'self' ${SWAGGER_LOGO_STYLE}`);
