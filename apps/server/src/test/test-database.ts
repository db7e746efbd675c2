import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../db/database';
import { migrate } from '../db/migrate';

/**
 * A fresh migrated database per test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server of `url` (DATABASE_URL by default; CI runs the suite both ways), dropped afterwards.
 */
export async function openTestDatabase(url = process.env.DATABASE_URL): Promise<Database & { drop(): Promise<void> }> {
  if (!url) {
    const db = await openPglite();
    await migrate(db);
    return { ...db, drop: () => db.close() };
  }
  const name = `greenpod_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const db = await openPostgres(testUrl.toString());
  await migrate(db);
  return {
    ...db,
    async drop() {
      await db.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
