import { createHash } from 'node:crypto';
import { type PGlite, parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

/** The name a statement is prepared under: the same text always gets the same name. */
export const statementName = (sql: string) => `gp_${createHash('sha1').update(sql).digest('base64url')}`;

/**
 * Prepared reads on PGlite (ADR 0016). PGlite's query() parses, analyses and plans every statement
 * again (1-2 ms of WebAssembly for a dashboard read); here a statement is parsed once under a name,
 * and each call only binds (with a generic plan, as on PostgreSQL) and executes it, through PGlite's
 * public protocol interface. At most `limit` statements are kept: the oldest is closed when a new one
 * would pass it.
 */
export function preparedReads(db: PGlite, limit = 200) {
  /** Parameter type OIDs per prepared name, in the order they were prepared. */
  const kept = new Map<string, number[]>();
  const send = (message: Uint8Array) => db.execProtocolStream(message, { syncToFs: false });

  async function prepare(name: string, sql: string): Promise<number[]> {
    await send(serialize.parse({ name, text: sql }));
    const types = parse.parseDescribeStatementResults(await send(serialize.describe({ type: 'S', name })));
    kept.set(name, types);
    const oldest = kept.keys().next().value;
    if (kept.size > limit && oldest !== undefined) {
      kept.delete(oldest);
      await send(serialize.close({ type: 'S', name: oldest }));
    }
    return types;
  }

  return async function query<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    const name = statementName(sql);
    return db.runExclusive(async () => {
      const messages: Awaited<ReturnType<typeof send>> = [];
      const fresh = !kept.has(name);
      let failed = false;
      // Generic plans for these reads only: the mode is read when the statement is bound, and put
      // back for every other statement of PGlite's one session.
      await send(serialize.query('SET plan_cache_mode = force_generic_plan'));
      try {
        const types = kept.get(name) ?? (await prepare(name, sql));
        const values = params.map((v, i) => {
          if (v === null || v === undefined) return null;
          const serializer = db.serializers[types[i] as number];
          return serializer ? serializer(v) : String(v);
        });
        messages.push(...(await send(serialize.bind({ statement: name, values }))));
        messages.push(...(await send(serialize.describe({ type: 'P' }))));
        messages.push(...(await send(serialize.execute({}))));
      } catch (err) {
        failed = true;
        throw err;
      } finally {
        messages.push(...(await send(serialize.sync())));
        // A statement that failed on its first call is not kept (closing a missing one is no error).
        if (failed && fresh) {
          kept.delete(name);
          await send(serialize.close({ type: 'S', name }));
          await send(serialize.sync());
        }
        await send(serialize.query('RESET plan_cache_mode'));
      }
      return (parse.parseResults(messages, db.parsers)[0]?.rows ?? []) as T[];
    });
  };
}
