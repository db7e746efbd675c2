import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedBase } from '../seed/base-seed';
import { adminQuery } from '../test/template-database';
import { type Database, openPostgres } from './database';
import { migrate } from './migrate';

/**
 * README "Modes", several instances: each start migrates and seeds, and instances may start together on a
 * fresh database (a first deploy) or on one a release adds a migration to. Each instance has its own pool,
 * as separate processes do. PGlite belongs to one process: nothing to race there.
 */
const url = process.env.DATABASE_URL;
const name = `greenpod_test_start_${randomBytes(6).toString('hex')}`;
const instances: Database[] = [];
const first = () => instances[0] as Database;
afterAll(async () => {
  await Promise.all(instances.map((db) => db.close()));
  if (url) await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe.skipIf(!url)('instances starting together on one PostgreSQL', () => {
  it('apply each migration once and write one sensor catalogue', async () => {
    await adminQuery(url as string, `CREATE DATABASE ${name}`);
    const fresh = new URL(url as string);
    fresh.pathname = `/${name}`;
    for (let i = 0; i < 3; i++) instances.push(await openPostgres(fresh.toString()));

    // Without a lock the second failed on the first's tables (pg_type_typname_nsp_index) and did not start.
    const applied = await Promise.all(instances.map((db) => migrate(db)));
    const files = readdirSync(join(import.meta.dirname, '../../migrations')).filter((f) => f.endsWith('.sql'));
    expect(applied.flat().sort()).toEqual([...files].sort());
    const [{ n } = { n: 0 }] = await first().query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migration');
    expect(n).toBe(files.length);

    // Each counted no sensors and wrote the catalogue: every type three times.
    await Promise.all(
      instances.map((db) => seedBase(db, { adminEmail: 'admin@greenpod.test', adminPassword: 'start-admin-pass' })),
    );
    const types = await first().query<{ type: string; n: number }>(
      'SELECT type, count(*)::int AS n FROM sensor GROUP BY type ORDER BY type',
    );
    expect(types.length).toBe(8);
    expect(types.filter((t) => t.n !== 1)).toEqual([]);
  });
});
