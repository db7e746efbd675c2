import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL pool', () => {
  it('survives the server closing an idle connection, and reconnects', async () => {
    const db = await openTestDatabase();
    const [me] = await db.query<{ pid: number; db: string }>('SELECT pg_backend_pid() AS pid, current_database() AS db');
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [me?.pid]);
    await admin.end();
    await new Promise((r) => setTimeout(r, 100));
    const [again] = await db.query<{ one: number }>('SELECT 1 AS one');
    expect(again?.one).toBe(1);
    await db.drop();
  });
});
