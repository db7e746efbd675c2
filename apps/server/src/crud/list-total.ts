import type { Database, Queryable, Row, SqlParam } from '../db/database';
import { HttpError } from '../http/errors';
import type { ListSql } from './list-query';

/** How much one list page may cost: the rows counted for its total, and how long its statements run. */
export interface ListLimits {
  /** Past this many rows after the page, the total is reported as a lower bound. */
  countLimit: number;
  /** Each statement of the page is cancelled after this long (PostgreSQL only, see runList). */
  timeoutMs: number;
}

export interface ListTotal {
  total: number;
  totalIsLowerBound: boolean;
}

/**
 * The total of a list without counting every matching row: the count stops `countLimit` rows past
 * the page (so it costs about what the page's own OFFSET costs), and then says it is a lower bound.
 * `fromWhere` is the list's "FROM ... WHERE ..." text, built only from whitelisted names.
 */
export async function boundedTotal(
  db: Queryable,
  fromWhere: string,
  params: readonly SqlParam[],
  page: { skip: number; countLimit: number },
): Promise<ListTotal> {
  const ceiling = page.skip + page.countLimit;
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 ${fromWhere} LIMIT ${ceiling + 1}) s`,
    params,
  );
  const n = row?.n ?? 0;
  return n > ceiling ? { total: ceiling, totalIsLowerBound: true } : { total: n, totalIsLowerBound: false };
}

const QUERY_CANCELED = '57014';

/**
 * Runs a list page's statements under a statement timeout, so no list can hold a connection (and
 * the callers queued behind it) for long. On PostgreSQL they share one read-only transaction with
 * SET LOCAL statement_timeout; a cancelled statement rolls it back and answers 503 with a message.
 * PGlite runs every statement on its one thread and has no timer to cancel one, so there the
 * bounded count and the request budget are what keep a page short.
 */
export async function runList<T>(db: Database, limits: ListLimits, fn: (q: Queryable) => Promise<T>): Promise<T> {
  if (db.kind !== 'postgres') return fn(db);
  try {
    return await db.transaction(async (tx) => {
      await tx.query(`SET TRANSACTION READ ONLY`);
      await tx.query(`SET LOCAL statement_timeout = ${Math.floor(limits.timeoutMs)}`);
      return fn(tx);
    });
  } catch (err) {
    if ((err as { code?: unknown }).code === QUERY_CANCELED) {
      throw new HttpError(
        503,
        'This list took too long to read. Narrow the search or filter, or try again in a moment.',
      );
    }
    throw err;
  }
}

/**
 * One page of a list: its rows and where it sits, under the list's limits. `total` may count the
 * page another way (the measurement list reads its rollups) or answer null to fall back to the
 * bounded count.
 */
export async function readListPage<R extends Row>(
  db: Database,
  limits: ListLimits,
  sql: ListSql,
  total?: (tx: Queryable) => Promise<ListTotal | null>,
) {
  return runList(db, limits, async (tx) => {
    const data = await tx.query<R>(sql.rows, sql.params);
    const counted =
      (await total?.(tx)) ??
      (await boundedTotal(tx, sql.fromWhere, sql.countParams, { skip: sql.skip, countLimit: limits.countLimit }));
    return { data, paging: { skip: sql.skip, limit: sql.limit, ...counted } };
  });
}
