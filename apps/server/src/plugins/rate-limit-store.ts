import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Queryable } from '../db/database';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;
type ChildParams = Parameters<FastifyRateLimitStore['child']>[0];
type RouteInfo = { method?: string | string[]; url?: string };

/**
 * A @fastify/rate-limit store kept in PostgreSQL: an in-memory counter would let a client spread
 * its guesses across instances (ADR 0008: no in-memory state another instance needs).
 */
export function pgRateLimitStore(db: Queryable, opts: { sweepChance?: number } = {}) {
  const sweepChance = opts.sweepChance ?? 0.01;
  return class PgRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _params?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number) {
      db.query<{ count: number; ttl: number }>(
        `INSERT INTO rate_limit (key, count, reset_at) VALUES ($1, 1, now() + make_interval(secs => $2))
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN rate_limit.reset_at <= now() THEN 1 ELSE rate_limit.count + 1 END,
           reset_at = CASE WHEN rate_limit.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limit.reset_at END
         RETURNING count, greatest(0, ceil(extract(epoch FROM reset_at - now()) * 1000))::int AS ttl`,
        [`${this.prefix}|${key}`, timeWindow / 1000],
      ).then(
        ([row]) => {
          // Housekeeping, now and then: a sweep that fails (the database closing, say) is left to a later
          // one; unhandled, its rejection would take the process down.
          if (Math.random() < sweepChance)
            db.query("DELETE FROM rate_limit WHERE reset_at < now() - interval '1 hour'").catch(() => {});
          cb(null, { current: row?.count ?? 1, ttl: row?.ttl ?? timeWindow });
        },
        (err: Error) => cb(err),
      );
    }

    child(params: ChildParams) {
      const r = (params as { routeInfo?: RouteInfo }).routeInfo ?? {};
      return new PgRateLimitStore(params, `${String(r.method ?? '')} ${r.url ?? ''}`);
    }
  };
}
