import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL pool', () => {
  it('runs statements started together in a transaction one at a time on its connection, in order', async () => {
    const db = await openTestDatabase();
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      // A failed statement does not stop the queue: the one after it still runs, after it (so it meets the
      // aborted transaction).
      const settled = await db.transaction((tx) => Promise.allSettled([tx.query('SELECT 1/0'), tx.query('SELECT 1')]));
      expect(settled.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual([
        expect.stringContaining('division by zero'),
        expect.stringContaining('current transaction is aborted'),
      ]);
      const rows = await db.transaction(async (tx) => {
        await tx.query('CREATE TEMP TABLE turn (n int) ON COMMIT DROP');
        await Promise.all([1, 2, 3, 4].map((n) => tx.query('INSERT INTO turn VALUES ($1)', [n])));
        return tx.query<{ n: number }>('SELECT n FROM turn ORDER BY ctid');
      });
      expect(rows.map((r) => r.n)).toEqual([1, 2, 3, 4]);
      await new Promise((r) => setImmediate(r));
      expect(warnings.filter((m) => m.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await db.drop();
    }
  });

  it('survives the server closing an idle connection, and reconnects', async () => {
    const db = await openTestDatabase();
    const [me] = await db.query<{ pid: number; db: string }>(
      'SELECT pg_backend_pid() AS pid, current_database() AS db',
    );
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [me?.pid]);
    await admin.end();
    await new Promise((r) => setTimeout(r, 100));
    const [again] = await db.query<{ one: number }>('SELECT 1 AS one');
    expect(again?.one).toBe(1);
    await db.drop();
  });

  it('keeps a repeated read prepared with a generic plan, with JIT off on both kinds of connection', async () => {
    const db = await openTestDatabase();
    const sql = 'SELECT n FROM generate_series(1, 100) n WHERE n BETWEEN $1 AND $2 ORDER BY n';
    for (const [lo, hi] of [
      [1, 3],
      [50, 51],
      [99, 200],
    ] as const) {
      const rows = await db.query<{ n: number }>(sql, [lo, hi], { prepare: true });
      expect(rows.map((r) => r.n)).toEqual(Array.from({ length: Math.min(hi, 100) - lo + 1 }, (_, i) => lo + i));
    }
    // Sequential reads reuse one pooled connection, so it holds the statement and its plans.
    const kept = await db.query<{ plans: number; mode: string; jit: string }>(
      "SELECT generic_plans::int AS plans, current_setting('plan_cache_mode') AS mode, current_setting('jit') AS jit FROM pg_prepared_statements WHERE statement = $1",
      [sql],
      { prepare: true },
    );
    expect(kept).toEqual([{ plans: 3, mode: 'force_generic_plan', jit: 'off' }]);
    const [plain] = await db.query<{ jit: string; mode: string }>(
      "SELECT current_setting('jit') AS jit, current_setting('plan_cache_mode') AS mode",
    );
    expect(plain).toEqual({ jit: 'off', mode: 'auto' });
    await db.drop();
  });
});
