import { PGlite } from '@electric-sql/pglite';
import { wrapPglite } from './database';
import { migrate } from './migrate';

/**
 * A PGlite data folder with every migration applied, as a tar (PGlite's dumpDataDir): `openPglite(dir,
 * dump)` starts from it without initdb and the migrations, which are most of a fresh PGlite's start.
 */
export async function migratedPgliteDump(): Promise<Blob> {
  const db = await PGlite.create();
  try {
    await migrate(wrapPglite(db));
    return await db.dumpDataDir('none');
  } finally {
    await db.close();
  }
}
