import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface BudgetOptions {
  /** Requests a caller may make per minute, as a bucket that refills evenly (bursts up to this size). */
  perMinute: number;
  /** Requests of one caller in progress at once. */
  concurrent: number;
}

interface Account {
  tokens: number;
  refilledAt: number;
  inFlight: number;
}

// Pods send readings with their own key and are throttled by ingest itself; the live stream is one
// long request per tab, capped on its own; the SPA's files cost nothing. None of them spend the budget.
const EXEMPT = [/^\/api\/ingest(\/|\?|$)/, /^\/api\/live(\/|\?|$)/];
const isExempt = (url: string) => !url.startsWith('/api/') || EXEMPT.some((re) => re.test(url));
const released = Symbol('request budget released');
const SWEEP_EVERY = 1000;

/**
 * Each caller's share of this server (ADR 0020): at most `concurrent` requests in progress and
 * `perMinute` requests a minute; past either, 429 with Retry-After, before any database work. A
 * caller is the user of a validly signed session token (checked here without the database, so the
 * refusal itself costs nothing), else the client address. Kept in memory: it guards this process's
 * connections and CPU, which no other instance shares.
 */
export function registerRequestBudget(app: FastifyInstance, opts: BudgetOptions) {
  const accounts = new Map<string, Account>();
  const refillPerMs = opts.perMinute / 60_000;
  let calls = 0;

  const keyOf = (request: FastifyRequest) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (match?.[1]) {
      try {
        const { sub } = app.jwt.verify<{ sub?: unknown }>(match[1]);
        if (typeof sub === 'number') return `user:${sub}`;
      } catch {
        // Not a valid session: counted by address, and the route answers 401 as usual.
      }
    }
    return `ip:${request.ip}`;
  };

  // Idle callers with a full bucket are forgotten now and then, so the map stays the size of the active set.
  const sweep = (now: number) => {
    for (const [key, a] of accounts) {
      if (a.inFlight === 0 && a.tokens + (now - a.refilledAt) * refillPerMs >= opts.perMinute) accounts.delete(key);
    }
  };

  const refuse = (reply: FastifyReply, seconds: number, error: string) =>
    reply.status(429).header('retry-after', String(seconds)).send({ success: false, error });

  app.addHook('onRequest', async (request, reply) => {
    if (isExempt(request.url)) return;
    const now = Date.now();
    if (++calls % SWEEP_EVERY === 0) sweep(now);
    const key = keyOf(request);
    const a = accounts.get(key) ?? { tokens: opts.perMinute, refilledAt: now, inFlight: 0 };
    accounts.set(key, a);
    a.tokens = Math.min(opts.perMinute, a.tokens + (now - a.refilledAt) * refillPerMs);
    a.refilledAt = now;
    if (a.inFlight >= opts.concurrent) {
      return refuse(
        reply,
        1,
        `Too many requests at once (at most ${opts.concurrent}). Please wait for some to finish.`,
      );
    }
    if (a.tokens < 1) {
      const seconds = Math.max(1, Math.ceil((1 - a.tokens) / refillPerMs / 1000));
      return refuse(
        reply,
        seconds,
        `Too many requests. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      );
    }
    a.tokens -= 1;
    a.inFlight += 1;
    // Released once, when the answer is sent or the client goes away, whichever comes first.
    const release = () => {
      const r = request as FastifyRequest & { [released]?: true };
      if (r[released]) return;
      r[released] = true;
      a.inFlight -= 1;
    };
    reply.raw.once('close', release);
    reply.raw.once('finish', release);
  });
}
