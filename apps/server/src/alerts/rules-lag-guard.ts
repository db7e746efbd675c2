import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database';
import { queueLagSql } from '../db/queue-lag';
import { RepeatLimiter } from '../telemetry/repeat-limiter';

const CHECK_MS = 1_000;

interface GuardLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * Bounds how far the rules engine may fall behind ingest (RULES_LAG_LIMIT_SECONDS,
 * docs/performance.md#the-rules-engines-bound). Once the oldest queued evaluation has waited past the
 * limit, ingest is held shut as at its queue bound: HTTP answers 503 with Retry-After and the broker
 * withholds PUBACKs, so pods keep their readings and send them again. It opens once the engine has worked
 * the lag down to half the limit. Under overload, readings are then taken at the rate their rules can be
 * evaluated: an alert is never more than about the limit late, and the queue, the database's work and the
 * server's memory stay bounded. The queue is shared, so every instance reads the same lag and holds alike.
 */
export class RulesLagGuard {
  constructor(
    private readonly db: Queryable,
    private readonly writer: { hold(shut: boolean): void; readonly holding: boolean },
    private readonly limitSeconds: number,
    private readonly log?: GuardLog,
  ) {}

  /** Reads the lag once, shuts or opens ingest by it, and answers it (seconds). */
  async check(): Promise<number> {
    const [row] = await this.db.query<{ lag: number }>(`SELECT ${queueLagSql('rule_evaluation_queue')} AS lag`);
    const lag = row?.lag ?? 0;
    const shut = this.writer.holding ? lag > this.limitSeconds / 2 : lag > this.limitSeconds;
    if (shut !== this.writer.holding) {
      this.writer.hold(shut);
      if (shut)
        this.log?.warn(
          { lagSeconds: Math.round(lag), limitSeconds: this.limitSeconds },
          'rules engine behind (RULES_LAG_LIMIT_SECONDS): readings refused until it catches up',
        );
      else this.log?.info({ lagSeconds: Math.round(lag) }, 'rules engine caught up: readings taken again');
    }
    return lag;
  }
}

/** Checks the rules engine's lag every second on every instance that ingests; off at RULES_LAG_LIMIT_SECONDS=0. */
export function registerRulesLagGuard(app: FastifyInstance) {
  const limit = app.config.RULES_LAG_LIMIT_SECONDS;
  if (limit === 0) return;
  const guard = new RulesLagGuard(app.db, app.ingest, limit, app.log);
  const failures = new RepeatLimiter();
  let checking: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    checking ??= guard
      .check()
      .catch((err: unknown) => {
        // Ingest stays as it was: a database that cannot answer this cannot store readings either.
        const suppressed = failures.allow('lag');
        if (suppressed !== null) app.log.warn({ err, suppressed }, 'reading the rules engine lag failed');
      })
      .finally(() => {
        checking = null;
      });
  }, CHECK_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await checking;
  });
}
