/**
 * What the web build writes where the SPA shell's CSP nonce goes (Vite's `html.cspNonce`: a
 * `<meta property="csp-nonce">` and a nonce on each tag it adds); the server puts a fresh nonce in its
 * place on every request for the page (docs/decisions/0026-style-nonces.md).
 */
export const CSP_NONCE_PLACEHOLDER = 'greenpod-csp-nonce-placeholder';
