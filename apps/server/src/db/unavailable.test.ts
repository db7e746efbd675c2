import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PgCluster, pgBinDir, startPgCluster } from '../pg-cluster';
import { freePort } from '../server-process';
import { openPostgres } from './database';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './unavailable';

// Real errors from a real server: a throwaway cluster of this file's own (sessions are ended here).
const available = pgBinDir() !== null;
if (!available && process.env.CI) throw new Error('CI must install PostgreSQL');

let cluster: PgCluster;
beforeAll(async () => {
  if (available) cluster = await startPgCluster(await freePort());
});
afterAll(() => cluster?.remove());

/** The error a call gets, or a failure when it has none. */
const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (err: unknown) => err,
  );

const client = async (url = cluster.url) => {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => {});
  await c.connect();
  return c;
};

describe.skipIf(!available)('isDatabaseUnavailable', () => {
  it('knows the errors of a server that is down, ending sessions, full or breaking a deadlock, and nothing else', async () => {
    const admin = await client();
    try {
      // A session ended by the server (as pg_ctl stop ends each): 57P01 admin_shutdown.
      const victim = await client();
      const [{ pid }] = (await victim.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows as [
        { pid: number },
      ];
      const ended = errorOf(victim.query('SELECT pg_sleep(30)'));
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      expect(await ended).toMatchObject({ code: '57P01' });
      expect(isDatabaseUnavailable(await ended)).toBe(true);
      // The same connection used again afterwards.
      const after = await errorOf(victim.query('SELECT 1'));
      expect(isDatabaseUnavailable(after)).toBe(true);

      // No server on the port.
      const closed = new URL(cluster.url);
      closed.port = String(await freePort());
      const refused = await errorOf(client(closed.toString()));
      expect(isDatabaseUnavailable(refused)).toBe(true);

      // Every connection slot taken: 53300 too_many_connections.
      await admin.query('CREATE ROLE plain LOGIN');
      await admin.query('ALTER ROLE plain CONNECTION LIMIT 1');
      const plain = new URL(cluster.url);
      plain.username = 'plain';
      const first = await client(plain.toString());
      const full = await errorOf(client(plain.toString()));
      await first.end();
      expect(full).toMatchObject({ code: '53300' });
      expect(isDatabaseUnavailable(full)).toBe(true);

      // Two sessions locking two rows in crossed order: the server ends one with 40P01, worth repeating.
      await admin.query('CREATE TABLE crossed (id int PRIMARY KEY)');
      await admin.query('INSERT INTO crossed VALUES (1), (2)');
      const other = await client();
      await admin.query('BEGIN');
      await other.query('BEGIN');
      await admin.query('SELECT * FROM crossed WHERE id = 1 FOR UPDATE');
      await other.query('SELECT * FROM crossed WHERE id = 2 FOR UPDATE');
      const outcomes = await Promise.allSettled([
        admin.query('SELECT * FROM crossed WHERE id = 2 FOR UPDATE'),
        other.query('SELECT * FROM crossed WHERE id = 1 FOR UPDATE'),
      ]);
      await admin.query('ROLLBACK');
      await other.query('ROLLBACK');
      await other.end();
      const deadlock = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
      expect(deadlock).toHaveLength(1);
      expect(deadlock[0]).toMatchObject({ code: '40P01' });
      expect(isDatabaseUnavailable(deadlock[0])).toBe(true);

      // The statement's own fault, and a statement timeout, are not the server being away.
      for (const sql of ["SELECT 'x'::int", 'SELECT 1/0', 'SELECT nothing FROM nowhere']) {
        expect(isDatabaseUnavailable(await errorOf(admin.query(sql))), sql).toBe(false);
      }
      await admin.query("SET statement_timeout = '10ms'");
      const timeout = await errorOf(admin.query('SELECT pg_sleep(1)'));
      expect(timeout).toMatchObject({ code: '57014' });
      expect(isDatabaseUnavailable(timeout)).toBe(false);
      expect(isDatabaseUnavailable(new DatabaseUnavailableError(refused))).toBe(true);
    } finally {
      await admin.end();
    }
  });
});

describe.skipIf(!available)('openPostgres when the server ends its sessions', () => {
  it('fails a statement or a transaction in flight with DatabaseUnavailableError, and carries on', async () => {
    const db = await openPostgres(cluster.url);
    const admin = await client();
    try {
      const endAll = () =>
        admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND backend_type = $1',
          ['client backend'],
        );
      const running = (sql: string) =>
        vi.waitFor(async () => {
          const { rows } = await admin.query('SELECT 1 FROM pg_stat_activity WHERE query = $1', [sql]);
          expect(rows).toHaveLength(1);
        });

      const statement = errorOf(db.query('SELECT pg_sleep(30)'));
      await running('SELECT pg_sleep(30)');
      await endAll();
      expect(await statement).toBeInstanceOf(DatabaseUnavailableError);

      // The session lost between two statements of a transaction: the pool's client is checked out,
      // so nothing but the transaction itself may hear of it (an unheard 'error' ends the process).
      let step!: () => void;
      const paused = new Promise<void>((r) => {
        step = r;
      });
      const tx = errorOf(
        db.transaction(async (q) => {
          await q.query('SELECT pg_sleep(0.01)');
          await paused;
          return q.query('SELECT 1');
        }),
      );
      await vi.waitFor(async () => {
        const { rows } = await admin.query("SELECT 1 FROM pg_stat_activity WHERE state = 'idle in transaction'");
        expect(rows).toHaveLength(1);
      });
      await endAll();
      await new Promise((r) => setTimeout(r, 200));
      step();
      expect(await tx).toBeInstanceOf(DatabaseUnavailableError);

      // The pools open new sessions for what comes next.
      expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      expect(await db.transaction((q) => q.query('SELECT 2 AS two'))).toEqual([{ two: 2 }]);
    } finally {
      await admin.end();
      await db.close();
    }
  });
});
