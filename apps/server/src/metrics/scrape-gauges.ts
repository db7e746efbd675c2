import { Gauge, type Registry } from 'prom-client';
import type { Database, PoolUse } from '../db/database';
import { queueLagSql } from '../db/queue-lag';

/** What the gauges read at scrape time besides the database's queues. */
export interface ScrapeSources {
  db: Database;
  /** Pools this process holds outside `db` (the ingest thread's), as last heard. */
  otherPools: () => readonly PoolUse[];
  /** Readings waiting in this instance's group commit for a statement (undefined before ingest starts). */
  pendingReadings: () => number | undefined;
  /** A failed queue query: logged by the caller, and its gauges read NaN (unknown) for this scrape. */
  onQueryError: (err: unknown) => void;
}

// A queue past this is counted no further, so a scrape stays cheap however far the work is behind (on
// PGlite every statement waits for it); the lag gauge keeps growing and tells the rest.
export const DEPTH_COUNTED_UP_TO = 100_000;

const QUEUES_SQL = `SELECT
  (SELECT count(*) FROM (SELECT 1 FROM rule_evaluation_queue LIMIT ${DEPTH_COUNTED_UP_TO}) q)::int AS rules_depth,
  ${queueLagSql('rule_evaluation_queue')} AS rules_lag,
  (SELECT count(*) FROM (SELECT 1 FROM mail_queue LIMIT ${DEPTH_COUNTED_UP_TO}) q)::int AS mail_depth,
  ${queueLagSql('mail_queue')} AS mail_lag`;
type QueueRow = { rules_depth: number; rules_lag: number; mail_depth: number; mail_lag: number };

/**
 * Gauges computed when Prometheus scrapes: the rules and mail queues (one cheap statement, shared by
 * the four gauges of one scrape: prom-client collects every metric at once), the database connections,
 * and the group commit's backlog. The queues are the database's, so every instance reports the same
 * figures: aggregate them with max(), not sum().
 */
export function registerScrapeGauges(registry: Registry, src: ScrapeSources) {
  const registers = [registry];
  // First: prom-client collects in registration order, and the queue query below would count as busy.
  const poolGauge = (name: string, help: string, pick: (p: PoolUse) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'],
      registers,
      collect() {
        for (const p of [...(src.db.pools?.() ?? []), ...src.otherPools()]) this.set({ pool: p.name }, pick(p));
      },
    });
  poolGauge('greenpod_db_pool_connections', 'Open database connections (PGlite: its one)', (p) => p.total);
  poolGauge('greenpod_db_pool_idle_connections', 'Open database connections doing nothing', (p) => p.idle);
  poolGauge(
    'greenpod_db_pool_waiting_clients',
    'Queries and transactions waiting for a connection (PGlite: waiting for its one connection)',
    (p) => p.waiting,
  );

  let inFlight: Promise<QueueRow | null> | null = null;
  const queues = () => {
    inFlight ??= src.db
      .query<QueueRow>(QUEUES_SQL)
      .then(
        ([row]) => row ?? null,
        (err: unknown) => {
          src.onQueryError(err);
          return null;
        },
      )
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
  const queueGauge = (name: string, help: string, pick: (row: QueueRow) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const row = await queues();
        this.set(row ? pick(row) : Number.NaN);
      },
    });
  queueGauge(
    'greenpod_rules_queue_depth',
    `Pod and sensor-type pairs waiting for the rules engine (counted up to ${DEPTH_COUNTED_UP_TO})`,
    (r) => r.rules_depth,
  );
  queueGauge(
    'greenpod_rules_queue_lag_seconds',
    'Age of the oldest pair waiting for the rules engine (0 when none waits)',
    (r) => r.rules_lag,
  );
  queueGauge(
    'greenpod_mail_queue_depth',
    `Mails waiting to be sent, retries included (counted up to ${DEPTH_COUNTED_UP_TO})`,
    (r) => r.mail_depth,
  );
  queueGauge(
    'greenpod_mail_queue_lag_seconds',
    'Age of the oldest mail waiting to be sent (0 when none waits)',
    (r) => r.mail_lag,
  );

  new Gauge({
    name: 'greenpod_ingest_pending_readings',
    help: "Readings received by this instance and waiting for the group commit's next statement",
    registers,
    collect() {
      this.set(src.pendingReadings() ?? 0);
    },
  });
}
