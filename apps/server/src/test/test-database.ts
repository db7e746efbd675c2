import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../db/database';
import { migrate } from '../db/migrate';
import { adminQuery } from './template-database';

/**
 * A fresh migrated database per call: in-memory PGlite by default, or a new database on the
 * PostgreSQL server of `url` (DATABASE_URL by default; CI runs the suite both ways), dropped afterwards.
 * On PGlite and on DATABASE_URL's server it is a copy of the template the run migrated once
 * (template-database.ts), so no test file pays for initdb and the migrations; another server (a test's
 * own throwaway cluster) is migrated here.
 */
export async function openTestDatabase(
  url = process.env.DATABASE_URL,
): Promise<Database & { drop(): Promise<void>; url?: string }> {
  if (!url) {
    const db = await openPglite(undefined, new Blob([readFileSync(required(inject('pgliteTemplate')))]));
    return { ...db, drop: () => db.close() };
  }
  const name = `greenpod_test_${randomBytes(6).toString('hex')}`;
  const ownServer = url !== process.env.DATABASE_URL;
  const template = ownServer ? '' : ` TEMPLATE ${required(inject('postgresTemplate'))}`;
  await adminQuery(url, `CREATE DATABASE ${name}${template}`);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const db = await openPostgres(testUrl.toString());
  if (ownServer) await migrate(db);
  return {
    ...db,
    url: testUrl.toString(),
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
