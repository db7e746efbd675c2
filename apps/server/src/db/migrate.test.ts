import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';
import { migrate } from './migrate';

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let dir: string;
beforeAll(async () => {
  db = await openTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'greenpod-migrations-'));
});
afterAll(async () => {
  await db?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const applied = async () =>
  (await db.query<{ name: string }>("SELECT name FROM schema_migration WHERE name LIKE '9%'")).map((r) => r.name);

describe('migrate', () => {
  it('runs a file as one script: a function body with semicolons at line ends, comments, several statements', async () => {
    writeFileSync(
      join(dir, '901_function.sql'),
      `-- A plpgsql body spread over lines, as one writes it; a comment holding a semicolon;
CREATE FUNCTION greenpod_test_double(x int) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  y int;
BEGIN
  y := x * 2;
  RETURN y;
END
$$;

CREATE TABLE greenpod_test_doubled (n int NOT NULL);
INSERT INTO greenpod_test_doubled VALUES (greenpod_test_double(21));
`,
    );
    expect(await migrate(db, dir)).toEqual(['901_function.sql']);
    expect(await db.query('SELECT n FROM greenpod_test_doubled')).toEqual([{ n: 42 }]);
    expect(await applied()).toEqual(['901_function.sql']);
    // Applied once, by name.
    expect(await migrate(db, dir)).toEqual([]);
  });

  it('applies nothing of a file that fails half-way, and says which file', async () => {
    writeFileSync(
      join(dir, '902_broken.sql'),
      'CREATE TABLE greenpod_test_half (n int);\nINSERT INTO greenpod_test_half VALUES (1);\nSELECT 1/0;\n',
    );
    await expect(migrate(db, dir)).rejects.toThrow(/902_broken\.sql.*division by zero/);
    expect(await db.query("SELECT to_regclass('greenpod_test_half') AS t")).toEqual([{ t: null }]);
    expect(await applied()).toEqual(['901_function.sql']);
    // The connection is usable afterwards (no transaction left open on it).
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});
