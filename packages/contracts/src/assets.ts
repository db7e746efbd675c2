/**
 * Uploaded images (logos, favicons, user pictures): what is accepted, how big, and how the admin
 * screens name them (docs/domain.md#assets). The server checks the bytes; the web checks the name
 * first so a wrong pick is refused before it is sent.
 */

/** The types accepted, by what the file's bytes say it is; `.jpeg` is stored as `jpg`. */
export const ASSET_TYPES = [
  { extension: 'png', mime: 'image/png' },
  { extension: 'jpg', mime: 'image/jpeg' },
  { extension: 'webp', mime: 'image/webp' },
  { extension: 'svg', mime: 'image/svg+xml' },
] as const;
export type AssetExtension = (typeof ASSET_TYPES)[number]['extension'];

/** The names offered in the picker and the rejection message, in the spec's order. */
export const ACCEPTED_FILE_NAMES = ['.png', '.jpg', '.jpeg', '.svg', '.webp'] as const;

/** One file's limit. */
export const ASSET_MAX_BYTES = 5 * 1024 * 1024;

/** Page sizes of the gallery picker; the first is used. */
export const ASSET_PAGE_SIZES = [2, 4, 6] as const;

/** Long file names are cut to this many characters plus an ellipsis. */
export const SHORT_NAME_LENGTH = 30;

/** The spec's rejection, word for word. */
export const typeRejectedMessage = (file: string) =>
  `"${file}" type rejected. Accepted file types for this field are: ${ACCEPTED_FILE_NAMES.join(', ')}`;

export const tooLargeMessage = (file: string) =>
  `"${file}" is larger than ${ASSET_MAX_BYTES / 1024 / 1024} MB. Please choose a smaller file.`;

export const quotaMessage = (quotaBytes: number) =>
  `This client's files would exceed its ${Math.round(quotaBytes / 1024 / 1024)} MB quota. Please delete some assets first.`;

/** Whether a file's name is one of the accepted types (the bytes are checked by the server). */
export const hasAcceptedName = (name: string) => ACCEPTED_FILE_NAMES.some((ext) => name.toLowerCase().endsWith(ext));

/** A name cut to SHORT_NAME_LENGTH characters plus an ellipsis, whole when it fits. */
export const shortFileName = (name: string) =>
  [...name].length > SHORT_NAME_LENGTH ? `${[...name].slice(0, SHORT_NAME_LENGTH).join('')}…` : name;

/** Where an asset's bytes are served. */
export const assetFileUrl = (id: number) => `/api/asset/file/${id}`;
