import { ASSET_MAX_BYTES, asset, hasAcceptedName, tooLargeMessage, typeRejectedMessage } from '@greenpod/contracts';

/** A picked file waiting to be uploaded (docs/screens.md#asset). */
export interface PendingFile {
  key: string;
  file: File;
  title: string;
  /** An object URL of the file for its preview; revoked when the file leaves the list. */
  previewUrl: string;
  status: 'waiting' | 'uploading' | 'failed';
  /** Share of the file sent, 0 to 1, while it uploads. */
  progress: number;
  /** Why the server refused it, and its field messages (a title too long). */
  error?: string;
  fieldErrors?: Record<string, string[]>;
}

/**
 * Why a picked file is refused before it is sent, or null: by its name (the server checks the bytes) and its
 * size, with the messages the server would answer.
 */
export function refusalOf(file: Pick<File, 'name' | 'size'>): string | null {
  if (!hasAcceptedName(file.name)) return typeRejectedMessage(file.name);
  if (file.size > ASSET_MAX_BYTES) return tooLargeMessage(file.name);
  return null;
}

const titleSchema = asset.createSchema.shape.title;
const TITLE_MAX = asset.fields.title?.kind === 'text' ? (asset.fields.title.max ?? 200) : 200;

/** The title a file starts with: its name without the extension, cut to what the field takes. */
export function titleFromName(name: string): string {
  const dot = name.lastIndexOf('.');
  const stem = (dot > 0 ? name.slice(0, dot) : name).trim();
  return [...stem].slice(0, TITLE_MAX).join('');
}

/** The message a title gets from the rule the server checks too, or null when it is fine. */
export function titleError(title: string): string | null {
  const parsed = titleSchema?.safeParse(title);
  return parsed && !parsed.success ? (parsed.error.issues[0]?.message ?? null) : null;
}

/** Upload is possible once a client is chosen and there is a file, each with a good title, none on its way. */
export function canUpload(clientChosen: boolean, files: readonly PendingFile[]): boolean {
  return (
    clientChosen && files.length > 0 && files.every((f) => f.status !== 'uploading' && titleError(f.title) === null)
  );
}
