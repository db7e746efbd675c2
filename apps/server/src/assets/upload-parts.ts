import { randomUUID } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ASSET_MAX_BYTES, tooLargeMessage } from '@greenpod/contracts';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../http/errors';

/** Files one upload may carry, and the text fields beside them (a title per file, the group, the client). */
export const MAX_FILES_PER_UPLOAD = 20;
const MAX_FIELDS = MAX_FILES_PER_UPLOAD + 10;
/** Enough for a 200-character title in any script; a longer value arrives cut and fails the title's own check. */
const MAX_FIELD_BYTES = 4096;

/** The field the files come in (`assets[]`, as the spec's form sends them; `assets` is read alike). */
const FILE_FIELDS = new Set(['assets[]', 'assets']);

export interface ReceivedFile {
  /** The name the browser sent: for messages only, never for the stored name or the type. */
  filename: string;
  /** Where its bytes wait, in ASSET_DIR's incoming folder. */
  tempPath: string;
}

export interface ReceivedUpload {
  fields: Map<string, string[]>;
  files: ReceivedFile[];
}

/**
 * Reads a multipart upload (docs/api.md#assets), each file streamed to a temporary file while its bytes are
 * counted: past ASSET_MAX_BYTES it stops at once with 413. On any failure, the files written so far are removed
 * before the error goes up, so a refused or broken upload leaves nothing behind.
 */
export async function receiveUpload(request: FastifyRequest, incoming: string): Promise<ReceivedUpload> {
  const fields = new Map<string, string[]>();
  const files: ReceivedFile[] = [];
  let current: string | undefined;
  try {
    const parts = request.parts({
      limits: {
        fileSize: ASSET_MAX_BYTES,
        files: MAX_FILES_PER_UPLOAD,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: MAX_FILES_PER_UPLOAD + MAX_FIELDS,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields.set(part.fieldname, [...(fields.get(part.fieldname) ?? []), String(part.value)]);
        continue;
      }
      if (!FILE_FIELDS.has(part.fieldname)) {
        const message = 'Please send the images as assets[]';
        throw badRequest(message, { assets: [message] });
      }
      current = part.filename;
      const file = { filename: part.filename, tempPath: join(incoming, `${randomUUID()}.part`) };
      files.push(file);
      // Opened before the first byte, so the file exists (and the cleanup finds it) however early the stream fails.
      const handle = await open(file.tempPath, 'wx');
      await pipeline(part.file, byteLimit(part.filename), handle.createWriteStream());
      if (part.file.truncated) throw tooLarge(part.filename);
    }
    return { fields, files };
  } catch (err) {
    await Promise.all(files.map((f) => rm(f.tempPath, { force: true })));
    throw uploadError(err, current);
  }
}

const tooLarge = (filename: string) => {
  const message = tooLargeMessage(filename);
  return new HttpError(413, message, { assets: [message] });
};

/** Counts a file's bytes on their way to disk; the parser's own limit stops it too, this makes sure of it. */
function byteLimit(filename: string) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > ASSET_MAX_BYTES ? tooLarge(filename) : null, chunk);
    },
  });
}

/** What the multipart parser raises, as the API's errors: never a 500 for a bad or broken body. */
function uploadError(err: unknown, filename: string | undefined): unknown {
  const { code, syscall } = (err ?? {}) as { code?: string; syscall?: string };
  // Ours already, or the server's own trouble (a full disk): as it is.
  if (err instanceof HttpError || syscall) return err;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const part = (err as { part?: { filename?: string } }).part;
    return tooLarge(part?.filename ?? filename ?? 'The file');
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    const message = `Please upload at most ${MAX_FILES_PER_UPLOAD} images at a time.`;
    return new HttpError(413, message, { assets: [message] });
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new HttpError(415, 'Please send the images as multipart/form-data');
  // A body cut short (the browser went away) or not well formed: the parser's own errors carry no status.
  return badRequest('The upload was incomplete. Please try again.');
}
