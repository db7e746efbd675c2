import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { ASSET_TYPES, type AssetExtension, asset, quotaMessage, typeRejectedMessage } from '@greenpod/contracts';
import { newStoredName, storedPath } from '../asset-files';
import { checkRefs } from '../crud/ref-check';
import type { Database, Queryable } from '../db/database';
import { badRequest, HttpError, toValidationErrors, type ValidationErrors } from '../http/errors';
import { rasterTypeOf } from './image-bytes';
import type { SvgChecker } from './svg-checker';
import type { ReceivedFile, ReceivedUpload } from './upload-parts';

interface CheckedFile extends ReceivedFile {
  title: string;
  extension: AssetExtension;
  size: number;
}

/**
 * Stores a received upload (docs/domain.md#assets): the form checked (group, client under group, a title per
 * file), each file's type read from its bytes (an SVG replaced by its sanitised copy), the client's quota kept,
 * then the rows inserted and the files renamed into ASSET_DIR in one transaction. Whole or not at all: on any
 * failure no row stays and no file, temporary or final. Returns the new ids in the files' order.
 */
export async function storeUpload(
  db: Database,
  upload: ReceivedUpload,
  opts: { assetDir: string; quotaBytes: number; svg: SvgChecker },
): Promise<number[]> {
  const placed: string[] = [];
  try {
    const form = checkedForm(upload);
    const files = await checkedFiles(upload.files, form.titles, opts.svg);
    return await db.transaction(async (tx) => {
      await checkRefs(tx, asset, form.values, Object.keys(form.values));
      await keepQuota(tx, form.values.clientId, files, opts.quotaBytes);
      const ids: number[] = [];
      for (const file of files) {
        const name = newStoredName(file.extension);
        const mime = ASSET_TYPES.find((t) => t.extension === file.extension)?.mime;
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO asset (group_id, client_id, title, extension, mime, path, size_bytes)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [form.values.groupId, form.values.clientId, file.title, file.extension, mime ?? '', name, file.size],
        );
        const target = storedPath(opts.assetDir, name) as string;
        await rename(file.tempPath, target);
        placed.push(target);
        ids.push((row as { id: number }).id);
      }
      return ids;
    });
  } catch (err) {
    await Promise.all([...upload.files.map((f) => f.tempPath), ...placed].map((p) => rm(p, { force: true })));
    throw err;
  }
}

/** The form's fields through the asset's own create schema: the same messages as every admin form. */
function checkedForm({ fields, files }: ReceivedUpload) {
  const first = (name: string) => fields.get(name)?.[0];
  const titles = fields.get('title') ?? [];
  let errors: ValidationErrors = {};
  if (files.length === 0) errors.assets = ['Please choose at least one image'];
  if (titles.length > 1 && titles.length !== files.length)
    errors.title = [`Please give one title, or one per image (${files.length})`];
  const parsed = (titles.length ? titles : [undefined]).map((title) =>
    asset.createSchema.safeParse({ groupId: first('groupId'), clientId: first('clientId'), title }),
  );
  for (const p of parsed) if (!p.success) errors = mergeErrors(errors, toValidationErrors(p.error.issues));
  if (Object.keys(errors).length) throw badRequest('Please check the highlighted fields', errors);
  const rows = parsed.map((p) => p.data as { groupId: number; clientId: number; title: string });
  const { groupId, clientId } = rows[0] as (typeof rows)[number];
  return {
    values: { groupId, clientId },
    titles: files.map((_, i) => (rows.length === 1 ? rows[0] : rows[i])?.title as string),
  };
}

function mergeErrors(into: ValidationErrors, more: ValidationErrors): ValidationErrors {
  const out = { ...into };
  for (const [key, messages] of Object.entries(more)) out[key] = [...new Set([...(out[key] ?? []), ...messages])];
  return out;
}

/** Each file's type by its bytes; every refused file is named, the first refusal in `error`. */
async function checkedFiles(files: ReceivedFile[], titles: string[], svg: SvgChecker): Promise<CheckedFile[]> {
  const checked: CheckedFile[] = [];
  const rejected: string[] = [];
  for (const [i, file] of files.entries()) {
    const bytes = await readFile(file.tempPath);
    const title = titles[i] as string;
    const raster = rasterTypeOf(bytes);
    if (raster) {
      checked.push({ ...file, title, extension: raster, size: bytes.length });
      continue;
    }
    const outcome = await svg.check(bytes);
    if (outcome.kind === 'svg') {
      // The sanitised drawing is what is kept, counted and served.
      await writeFile(file.tempPath, outcome.bytes);
      checked.push({ ...file, title, extension: 'svg', size: outcome.bytes.length });
    } else if (outcome.kind === 'too-complex') rejected.push(tooComplexMessage(file.filename));
    else rejected.push(typeRejectedMessage(file.filename));
  }
  if (rejected.length) throw badRequest(rejected[0] as string, { assets: rejected });
  return checked;
}

const tooComplexMessage = (filename: string) =>
  `"${filename}" is too complex a drawing to check. Please simplify it, or upload it as a PNG.`;

/** A client's files together stay within ASSET_QUOTA_MB; its row is locked so two uploads cannot both fit. */
async function keepQuota(tx: Queryable, clientId: number, files: CheckedFile[], quotaBytes: number) {
  await tx.query('SELECT id FROM client WHERE id = $1 FOR UPDATE', [clientId]);
  const [used] = await tx.query<{ bytes: number }>(
    'SELECT coalesce(sum(size_bytes), 0)::float8 AS bytes FROM asset WHERE client_id = $1',
    [clientId],
  );
  const adding = files.reduce((sum, f) => sum + f.size, 0);
  if ((used?.bytes ?? 0) + adding > quotaBytes) {
    const message = quotaMessage(quotaBytes);
    throw new HttpError(413, message, { assets: [message] });
  }
}
