import type { DOMPurify, WindowLike } from 'dompurify';
import type { DOMWindow } from 'jsdom';

/** What the sanitiser made of a file: the SVG to store, no SVG at all, or one too big a drawing to check. */
export type SvgOutcome = { kind: 'svg'; bytes: Uint8Array } | { kind: 'not-svg' } | { kind: 'too-complex' };

/** Tags (opening and closing) an SVG may hold: a logo has hundreds; jsdom takes seconds per ten thousand. */
export const MAX_SVG_TAGS = 40_000;

/**
 * SVG uploads (docs/domain.md#assets): a file is an SVG when it is UTF-8 XML whose root element is <svg>; it is
 * stored as DOMPurify leaves it with the SVG profile, and, beyond that profile, without <foreignObject>, without
 * any link or reference that leaves the file (href and xlink:href other than "#id", url() other than "url(#id)",
 * CSS @import or image-set(), CSS escapes that could spell either), so the image is whole by itself and inert.
 * Slow on big drawings: the upload runs it off the main thread (svg-checker.ts).
 */
export async function sanitisedSvg(bytes: Uint8Array): Promise<SvgOutcome> {
  const text = svgText(bytes);
  if (text === null) return { kind: 'not-svg' };
  if (text.split('<').length - 1 > MAX_SVG_TAGS) return { kind: 'too-complex' };
  const { window, purify } = await sanitiser();
  const parsed = new window.DOMParser().parseFromString(text, 'image/svg+xml');
  if (!isSvgRoot(parsed.documentElement) || parsed.getElementsByTagName('parsererror').length > 0)
    return { kind: 'not-svg' };
  // The root alone, serialised as XML: the prolog (a DOCTYPE, an xml-stylesheet) stays behind.
  const root = new window.XMLSerializer().serializeToString(parsed.documentElement);
  const clean = purify.sanitize(root, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject'],
    RETURN_DOM_FRAGMENT: true,
  }).firstElementChild;
  if (clean?.localName !== 'svg') return { kind: 'not-svg' };
  return { kind: 'svg', bytes: Buffer.from(`${new window.XMLSerializer().serializeToString(clean)}\n`, 'utf8') };
}

/** The file as text when it could be an SVG at all (UTF-8 opening with markup), checked before any DOM is built. */
export function svgText(bytes: Uint8Array): string | null {
  const text = utf8(bytes)?.replace(/^\uFEFF/, '');
  return text?.trimStart().startsWith('<') ? text : null;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

// Without a namespace a browser will not draw it, but the sanitiser's HTML parser gives it the SVG one.
const isSvgRoot = (el: Element | null) => el?.localName === 'svg' && (el.namespaceURI === SVG_NS || !el.namespaceURI);

function utf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** A url() to anything but a fragment of this file, an @import, image-set() or a CSS escape (which can spell those). */
const EXTERNAL_CSS = /url\s*\(\s*['"]?\s*(?![\s'"#])|@import|image-set|\\/i;

const isLocalLink = (value: string) => value.trim().startsWith('#');

/** Loads jsdom and DOMPurify now, so the first file's time limit counts its sanitising only. */
export async function prepareSanitiser(): Promise<void> {
  await sanitiser();
}

type Sanitiser = { window: DOMWindow; purify: DOMPurify };
let made: Promise<Sanitiser> | undefined;

/** One jsdom window and DOMPurify per thread, made at its first SVG (jsdom takes a few hundred ms to load). */
function sanitiser(): Promise<Sanitiser> {
  made ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
    const { window } = new JSDOM('');
    const purify = createDOMPurify(window as unknown as WindowLike);
    purify.addHook('uponSanitizeAttribute', (_node, data) => {
      const name = data.attrName.toLowerCase();
      if ((name === 'href' || name === 'xlink:href') && !isLocalLink(data.attrValue)) data.keepAttr = false;
      if (EXTERNAL_CSS.test(data.attrValue)) data.keepAttr = false;
    });
    purify.addHook('afterSanitizeElements', (node) => {
      if (node.nodeName.toLowerCase() === 'style' && EXTERNAL_CSS.test(node.textContent ?? ''))
        node.parentNode?.removeChild(node);
    });
    return { window, purify };
  })();
  return made;
}
