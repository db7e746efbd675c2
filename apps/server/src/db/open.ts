import { join } from 'node:path';
import type { Config } from '../config';
import { makeOwnerOnly } from '../data-dir';
import { type Database, openPglite, openPostgres } from './database';
import { migrate } from './migrate';

/** PostgreSQL when DATABASE_URL is set, else PGlite in the data folder; migrated either way. */
export async function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): Promise<Database> {
  const pgliteDir = join(config.DATA_DIR, 'pglite');
  const db = config.DATABASE_URL ? await openPostgres(config.DATABASE_URL) : await openPglite(pgliteDir);
  await migrate(db);
  if (db.kind === 'pglite') makeOwnerOnly(pgliteDir);
  return db;
}
