import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../db/database';
import { adminQuery } from './template-database';

/**
 * A fresh migrated database per call: in-memory PGlite by default, or a new database on the
 * PostgreSQL server of DATABASE_URL (CI runs the suite both ways), dropped afterwards. Each is a copy
 * of the template the run migrated once (template-database.ts), so no test file pays for initdb and
 * the migrations.
 */
export async function openTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openPglite(undefined, new Blob([readFileSync(required(inject('pgliteTemplate')))]));
    return { ...db, drop: () => db.close() };
  }
  const name = `greenpod_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${required(inject('postgresTemplate'))}`);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const db = await openPostgres(testUrl.toString());
  return {
    ...db,
    async drop() {
      await db.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

function required(template: string | undefined): string {
  if (!template) throw new Error('no template database: run the server tests through its vitest.config.ts');
  return template;
}
