import { CSP_NONCE_PLACEHOLDER } from '@greenpod/contracts';

/**
 * The nonce the server gave this page for its CSP's style-src, from the `<meta property="csp-nonce">` the
 * build adds (Vite's `html.cspNonce`). Browsers hide a nonce attribute from the DOM once read, so it is
 * taken from the element's `nonce` property. None in dev and tests (no server put one in), where no
 * policy asks for it (docs/decisions/0026-style-nonces.md).
 */
export function readCspNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce');
  return nonce && nonce !== CSP_NONCE_PLACEHOLDER ? nonce : undefined;
}
