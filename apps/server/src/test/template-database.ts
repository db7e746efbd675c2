import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../db/database';
import { migrate } from '../db/migrate';
import { migratedPgliteDump } from '../db/migrated-dump';

/**
 * Vitest's globalSetup: the migrations run once per run, into a template every test file's database
 * is copied from (test-database.ts). A fresh PGlite spends most of its start in initdb, so a PGlite
 * template is a dumped data folder (PGlite's dumpDataDir) that each file loads; on PostgreSQL it is a
 * database each file's one is made from with CREATE DATABASE ... TEMPLATE (bench/test-databases: the
 * ratio per file).
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), 'greenpod-test-template-'));
    const file = join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await (await migratedPgliteDump()).arrayBuffer()));
    project.provide('pgliteTemplate', file);
    return () => rmSync(dir, { recursive: true, force: true });
  }
  const name = `greenpod_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${name}`;
  const db = await openPostgres(templateUrl.toString());
  await migrate(db);
  // CREATE DATABASE ... TEMPLATE refuses a template anyone is connected to.
  await db.close();
  project.provide('postgresTemplate', name);
  return () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

export async function adminQuery(url: string, sql: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data folder, dumped as a tar file. */
    pgliteTemplate?: string;
    /** The migrated PostgreSQL database on DATABASE_URL's server. */
    postgresTemplate?: string;
  }
}
