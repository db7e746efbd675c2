import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Answer, TestApp } from './test-app';

export interface UploadFile {
  filename: string;
  bytes: Buffer | string;
  /** The form field (default `assets[]`). */
  field?: string;
  /** What the browser claims the file is; the server never believes it. */
  type?: string;
}

/** A multipart/form-data body as a browser builds it: text fields first, then the files. */
export function multipartBody(fields: [string, string | number][], files: UploadFile[]) {
  const boundary = `----greenpod${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of fields)
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'assets[]'}"; filename="${f.filename}"\r\n` +
          `Content-Type: ${f.type ?? 'image/png'}\r\n\r\n`,
      ),
      Buffer.from(f.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/asset as the admin form sends it: group, client, one title per file. */
export async function uploadAssets(
  t: TestApp,
  form: { groupId: number; clientId: number; titles?: string[]; files: UploadFile[]; token?: string },
): Promise<Answer> {
  const titles = form.titles ?? form.files.map((f) => f.filename);
  const { payload, contentType } = multipartBody(
    [
      ['groupId', form.groupId],
      ['clientId', form.clientId],
      ...titles.map((title): [string, string] => ['title', title]),
    ],
    form.files,
  );
  return t.call('POST', '/api/asset', {
    token: form.token ?? t.adminToken,
    body: payload,
    headers: { 'content-type': contentType },
  });
}

/** Every file under ASSET_DIR, the incoming folder's included: what uploads left on disk. */
export function filesOnDisk(t: TestApp): string[] {
  const dir = t.config.ASSET_DIR;
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

/** Asset rows, of one client or all. */
export async function assetCount(t: TestApp, clientId?: number): Promise<number> {
  const [row] = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM asset WHERE $1::int IS NULL OR client_id = $1',
    [clientId ?? null],
  );
  return row?.n ?? 0;
}
