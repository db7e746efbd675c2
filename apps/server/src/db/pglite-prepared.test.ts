import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedReads } from './pglite-prepared';

describe('prepared reads on PGlite', () => {
  let db: PGlite;
  let read: ReturnType<typeof preparedReads>;
  beforeAll(async () => {
    db = await PGlite.create();
    read = preparedReads(db, 2);
  });
  afterAll(() => db.close());

  const prepared = async () =>
    (await db.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY prepare_time')).rows.map(
      (r) => r.name,
    );

  it('answers as a plain query does, for new parameters of every kind, with a generic plan kept', async () => {
    const sql = `SELECT n, $2::timestamptz + make_interval(days => n) AS at, $3::text[] AS tags
      FROM generate_series(1, 10) n WHERE n = ANY($1::int[]) ORDER BY n`;
    for (const ids of [[1, 3], [10], [4, 5, 6]]) {
      const params = [ids, new Date('2026-03-29T00:30:00Z'), ['a', 'b"c']];
      expect(await read(sql, params)).toEqual((await db.query(sql, params)).rows);
    }
    const [kept] = (
      await db.query<{ generic: number; custom: number }>(
        'SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements',
      )
    ).rows;
    expect(kept).toEqual({ generic: 3, custom: 0 });
    // Only these reads get generic plans: the session's other statements are planned as before.
    expect((await db.query<{ mode: string }>("SELECT current_setting('plan_cache_mode') AS mode")).rows).toEqual([
      { mode: 'auto' },
    ]);
  });

  it('keeps at most its limit of statements, closing the oldest', async () => {
    const before = await prepared();
    await read('SELECT 1 AS one');
    await read('SELECT 2 AS two');
    const after = await prepared();
    expect(after).toHaveLength(2);
    expect(after).not.toContain(before[0]);
    expect(await read('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('reports a failing statement and stays usable', async () => {
    await expect(read('SELECT nope FROM nowhere')).rejects.toThrow(/nowhere/);
    await expect(read('SELECT nope FROM nowhere')).rejects.toThrow(/nowhere/);
    await expect(read('SELECT 10 / $1::int AS q', [0])).rejects.toThrow(/division by zero/);
    expect(await read('SELECT 10 / $1::int AS q', [5])).toEqual([{ q: 2 }]);
    expect((await db.query('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
  });
});
