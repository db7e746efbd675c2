import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withAdvisoryLock } from './advisory-lock';
import type { Database } from './database';

const MIGRATIONS_DIR = join(import.meta.dirname, '../../migrations');
// Two-key advisory lock ('GPMG'): instances started together on one database (README: Modes) take turns, so
// each file is applied once; without it the second failed on the first's tables and did not start.
const LOCK = { namespace: 0x47504d47, key: 1 };

/**
 * Applies every migration not yet applied, in file-name order, each file as one script in its own
 * transaction with its schema_migration row: a file that fails leaves nothing behind. On PostgreSQL under an
 * advisory lock held for the whole run, so a second instance starting meanwhile waits and then finds them
 * applied (the lock's transaction only holds the lock; the files run on other connections). PGlite belongs to
 * one process, and its one connection could not run the files beside a transaction held open.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  if (db.kind === 'pglite') return applyPending(db, dir);
  return (await withAdvisoryLock(db, LOCK, 'wait', () => applyPending(db, dir))) ?? [];
}

async function applyPending(db: Database, dir: string): Promise<string[]> {
  await db.query(
    'CREATE TABLE IF NOT EXISTS schema_migration (name text PRIMARY KEY, applied timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migration')).map((r) => r.name));
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const script = readFileSync(join(dir, file), 'utf8');
    try {
      await db.transaction(async (tx) => {
        // The server parses the file: splitting it here broke on function bodies (migration 012).
        await tx.exec(script);
        await tx.query('INSERT INTO schema_migration (name) VALUES ($1)', [file]);
      });
    } catch (err) {
      throw new Error(`migration ${file} failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    applied.push(file);
  }
  return applied;
}
