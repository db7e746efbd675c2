import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgListen } from './pg-listener';
import { preparedReads, statementName } from './pglite-prepared';
import { rethrowUnavailable } from './unavailable';

export type SqlParam = string | number | boolean | null | Date | Uint8Array | readonly (string | number | null)[];
export type Row = Record<string, unknown>;

export interface QueryOptions {
  /**
   * A read the dashboards repeat with new parameters (a handful of statement shapes), kept prepared
   * (ADR 0016): on PostgreSQL on each connection of a second pool, with a generic plan; on PGlite
   * parsed once and then only bound and run. Inside a transaction it is a plain query.
   */
  prepare?: boolean;
}

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly SqlParam[], options?: QueryOptions): Promise<T[]>;
}

/** What a transaction's work runs on. */
export interface Transaction extends Queryable {
  /**
   * Runs a script of several statements (a migration), without parameters: the server splits it, so
   * dollar-quoted bodies, comments and strings holding semicolons are safe.
   */
  exec(script: string): Promise<void>;
}

/** The one database interface the app uses: PGlite embedded, or PostgreSQL through pg. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Calls `onNotify` for every NOTIFY on `channel` by any connection, and with null when some may
   * have been missed (PostgreSQL: the LISTEN connection was lost and is back). Resolves to a stop.
   */
  listen(channel: string, onNotify: (payload: string | null) => void): Promise<() => Promise<void>>;
  /** Connections per pool, read by the metrics at scrape time (README.md#monitoring). */
  pools?(): PoolUse[];
}

/** One connection pool's use: open connections, idle ones, and callers waiting for one. */
export interface PoolUse {
  name: string;
  total: number;
  idle: number;
  waiting: number;
}

// Timestamps come back as Date from both drivers; bigint counts as strings from pg.
pg.types.setTypeParser(20, (v) => Number(v));

/** PGlite in `dataDir`, or in memory; `from` is a data folder dumped by `dumpDataDir` to start from (tests). */
export async function openPglite(dataDir?: string, from?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return wrapPglite(await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(from ? { loadDataDir: from } : {}) }));
}

/** The Database interface over an open PGlite (the test template dumps the PGlite it migrated through it). */
export function wrapPglite(db: PGlite): Database {
  const run = async <T extends Row>(q: Pick<PGlite, 'query'>, sql: string, params?: readonly SqlParam[]) =>
    (await q.query<T>(sql, params ? [...params] : undefined)).rows;
  const prepared = preparedReads(db);
  // PGlite runs a statement on this thread and settles it in microtasks, so a request's statements
  // ran back to back without the event loop reading any other socket: 200 pages from one user were
  // served one after another before a second user's request was even read, and the request budget
  // never saw them in flight (bench/stall). Each statement and transaction first waits a turn.
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  // Statements and transactions waiting for or holding the one connection (the metrics' pool gauges).
  let busy = 0;
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    busy++;
    try {
      return await work();
    } finally {
      busy--;
    }
  };
  return {
    kind: 'pglite',
    query: <T extends Row>(sql: string, params?: readonly SqlParam[], options?: QueryOptions) =>
      counted(async () => {
        await turn();
        return options?.prepare ? prepared<T>(sql, params) : run<T>(db, sql, params);
      }),
    transaction: (fn) =>
      counted(async () => {
        await turn();
        return db.transaction((tx) =>
          fn({
            query: (sql, params) => run(tx, sql, params),
            exec: async (script) => void (await tx.exec(script)),
          }),
        );
      }),
    pools: () => [{ name: 'pglite', total: 1, idle: busy === 0 ? 1 : 0, waiting: Math.max(busy - 1, 0) }],
    close: () => db.close(),
    listen: async (channel, onNotify) => {
      // One process holds a PGlite database, so its NOTIFYs are all delivered here.
      const stop = await db.listen(channel, onNotify);
      return () => stop();
    },
  };
}

const PREPARED_USES = 10_000;

/** Runs the tasks given to it one after another, in the order given, whatever each one's outcome. */
function oneAtATime() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const next = last.then(task, task);
    last = next.catch(() => {});
    return next;
  };
}

export async function openPostgres(url: string): Promise<Database> {
  // JIT off: the app's statements are short, but a dashboard read's estimate can pass
  // jit_above_cost, and compiling it then took 120 ms of a 10 ms Month chart (bench/query).
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c jit=off' });
  // An idle connection the server closes (a restart, a failover, a dropped test database) is an
  // 'error' on the pool; unhandled it would crash the process. The pool drops that client and opens
  // a new one on the next query, so there is nothing else to do here.
  pool.on('error', () => {});
  // Performance (bench/query): parsing and planning a dashboard statement took 1-3 ms of a 4-12 ms
  // read. Prepared reads get their own connections, where plans are generic (the time bounds are
  // parameters, the access paths index ranges either way); each connection is replaced after
  // PREPARED_USES reads, which bounds the statements it keeps. A generic plan guesses a time range's
  // rows (0.5 % of the table), and on 10 M readings that started two parallel workers for a Live card's
  // few raw readings (25-40 ms instead of a few): no parallel workers for these reads (ADR 0029).
  const reads = new pg.Pool({
    connectionString: url,
    max: 5,
    maxUses: PREPARED_USES,
    idleTimeoutMillis: 300_000,
    options: '-c jit=off -c plan_cache_mode=force_generic_plan -c max_parallel_workers_per_gather=0',
  });
  reads.on('error', () => {});
  await pool.query('SELECT 1');
  // A server out of reach (stopped, restarting, full) fails every statement alike: those errors leave
  // here as one type, DatabaseUnavailableError, which the API answers with 503 (db/unavailable.ts).
  const run = <T extends Row>(q: pg.Pool | pg.PoolClient, sql: string, params?: readonly SqlParam[]) =>
    q.query(sql, params ? [...params] : undefined).then((r) => r.rows as T[], rethrowUnavailable);
  const prepared = <T extends Row>(sql: string, params?: readonly SqlParam[]) =>
    reads
      .query({ name: statementName(sql), text: sql, values: params ? [...params] : [] })
      .then((r) => r.rows as T[], rethrowUnavailable);
  return {
    kind: 'postgres',
    query: <T extends Row>(sql: string, params?: readonly SqlParam[], options?: QueryOptions) =>
      options?.prepare ? prepared<T>(sql, params) : run<T>(pool, sql, params),
    async transaction(fn) {
      const client = await pool.connect().catch(rethrowUnavailable);
      // The pool listens for errors on idle clients only: one lost while checked out (the server
      // stopping mid-transaction) would emit 'error' with no listener, which ends the process. The
      // statement in flight fails anyway, and release(err) below drops the client.
      const lost = () => {};
      client.on('error', lost);
      let broken: unknown;
      // Callers may start several statements of a transaction at once (Promise.all); one connection runs
      // one at a time anyway, and pg deprecates queueing them itself (gone in pg 9), so they queue here.
      const inTurn = oneAtATime();
      try {
        await run(client, 'BEGIN');
        const out = await fn({
          query: (sql, params) => inTurn(() => run(client, sql, params)),
          // Without parameters pg sends the simple query protocol, which takes several statements.
          exec: (script) => inTurn(async () => void (await client.query(script).catch(rethrowUnavailable))),
        });
        await run(client, 'COMMIT');
        return out;
      } catch (err) {
        // A ROLLBACK on a lost connection fails too; the error worth reporting is the first one.
        await client.query('ROLLBACK').catch((rollbackErr: unknown) => {
          broken = rollbackErr;
        });
        throw err;
      } finally {
        client.removeListener('error', lost);
        client.release(broken instanceof Error ? broken : undefined);
      }
    },
    listen: (channel, onNotify) => pgListen(url, channel, onNotify),
    pools: () =>
      Object.entries({ main: pool, reads }).map(([name, p]) => ({
        name,
        total: p.totalCount,
        idle: p.idleCount,
        waiting: p.waitingCount,
      })),
    close: async () => {
      await Promise.all([pool.end(), reads.end()]);
    },
  };
}
