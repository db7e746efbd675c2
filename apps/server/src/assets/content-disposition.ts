/**
 * `inline` with the asset's title as the file name a browser offers when it is saved: a plain-ASCII `filename`
 * for old clients and the exact one as RFC 8187's `filename*` (RFC 6266). The title is an admin's text, so
 * nothing of it may break out of the header.
 */
export function inlineDisposition(title: string, extension: string): string {
  const name = title.toLowerCase().endsWith(`.${extension}`) ? title : `${title}.${extension}`;
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
