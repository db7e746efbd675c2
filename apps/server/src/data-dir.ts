import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * DATA_DIR holds the database files, the JWT secret, the demo pods' ingest keys and the outbox's live
 * reset links: the service user's alone. The umask makes every file and folder this process creates
 * from now on owner-only, PGlite's included (it creates them itself); the chmod closes a folder made
 * before, which also keeps others out of any older, looser file inside it.
 */
export function keepDataDirPrivate(dir: string): { warning?: string } {
  process.umask(0o077);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if ((statSync(dir).mode & 0o077) === 0) return {};
  try {
    chmodSync(dir, 0o700);
    return {};
  } catch (err) {
    // Another user's folder (a shared mount): run anyway, but say so.
    return {
      warning: `DATA_DIR ${dir} is open to other users and could not be made private (${(err as Error).message})`,
    };
  }
}

/**
 * Owner-only modes for a folder tree. PGlite gives the files of a new database mode 0666 whatever
 * the umask (its virtual file system sets the modes it carries), so its folder is swept once open.
 */
export function makeOwnerOnly(dir: string) {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) makeOwnerOnly(path);
    else if (entry.isFile()) chmodSync(path, 0o600);
  }
}
