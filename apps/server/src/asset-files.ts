import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AssetExtension } from '@greenpod/contracts';

/**
 * Where uploaded images live on disk (docs/domain.md#assets): `ASSET_DIR/<random id>.<extension>`, the name
 * kept in the asset row's `path`. At the top of the tree, beside data-dir.ts, because both the upload routes
 * (assets/) and the generic delete (crud/hooks.ts), which removes the file of a deleted row, need it.
 */

/** A new file's name: random, so no name says anything of the client or is ever reused. */
export const newStoredName = (extension: AssetExtension) => `${randomUUID()}.${extension}`;

const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp|svg)$/;

/** The file of a stored name, or null for a name this server never made (nothing outside ASSET_DIR is reached). */
export function storedPath(assetDir: string, name: unknown): string | null {
  return typeof name === 'string' && STORED_NAME.test(name) ? join(assetDir, name) : null;
}

/** Uploads are written here while they are read and checked, then renamed into ASSET_DIR (the same file system). */
export async function incomingDir(assetDir: string): Promise<string> {
  const dir = join(assetDir, '.incoming');
  await mkdir(dir, { recursive: true });
  return dir;
}

/** Removes an asset's file once its row is gone; a file already missing is fine. */
export async function removeStoredFile(assetDir: string, name: unknown): Promise<void> {
  const file = storedPath(assetDir, name);
  if (file) await rm(file, { force: true });
}

/**
 * Removes what a process that died mid-upload left in the incoming folder. Only files older than `minAgeMs`:
 * with a shared ASSET_DIR, another instance may be writing a younger one right now.
 */
export async function sweepIncoming(assetDir: string, minAgeMs: number, now = Date.now()): Promise<number> {
  const dir = await incomingDir(assetDir);
  let removed = 0;
  for (const name of await readdir(dir)) {
    const file = join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && now - info.mtimeMs >= minAgeMs) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
