import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolUse } from '../db/database';
import { addLag, type LagHistogram, lagPercentile } from './lag-sampler';
import type { IngestTally } from './metrics-tally';

/** How readings reached the server: the label every ingest metric carries. */
export type Transport = 'http' | 'mqtt';
const TRANSPORTS: readonly Transport[] = ['http', 'mqtt'];

/** Why readings were not stored (README.md#monitoring); a fixed set, so the label stays small. */
const READING_REFUSALS = ['invalid', 'database', 'unavailable'] as const;

/** What the ingest path reports; telemetry/ calls it, with no knowledge of Prometheus. */
export interface IngestMetrics {
  /** One message's outcome: `rows` valid readings sent to the store, of which `refused` the database turned down. */
  ingested(
    transport: Transport,
    rows: number,
    outcome: { stored: number; refused: { readonly length: number } },
    invalid: number,
  ): void;
  /** A message whose valid readings could not be stored at all (the sender is told to send them again). */
  storeFailed(transport: Transport, rows: number): void;
  /** Starts timing one group-commit statement of `readings` rows; the returned function ends it. */
  timeStatement(readings: number): () => void;
}

/** Notifications one committed transaction raised (alerts/raise.ts), folded ones included. */
export interface RaisedTally {
  raised: number;
  folded: number;
}

// Around the budgets of docs/performance.md (15-20 ms dashboard reads), then coarser up to slow exports.
const REQUEST_BUCKETS = [0.0025, 0.005, 0.01, 0.015, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];
const STATEMENT_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
// Up to the group commit's largest statement, 24,000 readings (telemetry/group-commit.ts' MAX_GROUP_ROWS, which
// app-metrics.test.ts holds these to): a statement past the last bucket would count only in +Inf.
const STATEMENT_ROW_BUCKETS = [1, 10, 50, 100, 250, 500, 1000, 2000, 4000, 8000, 12000, 16000, 24000];

/**
 * The app's own metrics, in a registry of this app instance (tests run several apps in one process, so
 * never prom-client's global one). Names follow Prometheus' conventions: a `greenpod_` prefix, the unit
 * last (`_seconds`), `_total` on counters. The methods are arrow functions so they can be handed out.
 */
export class AppMetrics implements IngestMetrics {
  readonly registry = new Registry();
  private readonly registers = [this.registry];

  private readonly stored = this.counter('greenpod_readings_stored_total', 'Readings stored (new rows)', ['transport']);
  private readonly duplicates = this.counter(
    'greenpod_readings_duplicate_total',
    'Readings received again and not stored twice (same pod, sensor and time)',
    ['transport'],
  );
  private readonly refused = this.counter(
    'greenpod_readings_refused_total',
    'Readings not stored: invalid (failed validation), database (refused by it), unavailable (store failed; to be resent)',
    ['transport', 'reason'],
  );
  private readonly requestsRefused = this.counter(
    'greenpod_ingest_requests_refused_total',
    'Ingest requests answered with an error before their readings were stored, by reason',
    ['transport', 'reason'],
  );
  private readonly raised = this.counter('greenpod_notifications_raised_total', 'Notifications raised', []);
  private readonly folded = this.counter(
    'greenpod_notifications_folded_total',
    "Notifications raised past the client's hourly alert limit, counted into a summary instead of delivered",
    [],
  );
  private readonly statementSeconds = new Histogram({
    name: 'greenpod_ingest_statement_duration_seconds',
    help: 'Time of each committed group-commit statement (insert, rollups, rules queue, commit)',
    buckets: STATEMENT_BUCKETS,
    registers: this.registers,
  });
  private readonly statementRows = new Histogram({
    name: 'greenpod_ingest_statement_readings',
    help: 'Readings written by each committed group-commit statement',
    buckets: STATEMENT_ROW_BUCKETS,
    registers: this.registers,
  });
  private readonly requestSeconds = new Histogram({
    name: 'greenpod_http_request_duration_seconds',
    help: 'HTTP requests by route pattern (never the raw URL), method and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: REQUEST_BUCKETS,
    registers: this.registers,
  });

  private ingestLag?: Map<number, number>;
  /** The ingest thread's database pools as it last reported them (scrape-gauges.ts shows them with this process's). */
  threadPools: readonly PoolUse[] = [];

  constructor() {
    // Every series exists from the start at 0, so a rate over the first scrape is right and a
    // dashboard shows 0 rather than "no data".
    for (const transport of TRANSPORTS) {
      this.stored.inc({ transport }, 0);
      this.duplicates.inc({ transport }, 0);
      for (const reason of READING_REFUSALS) this.refused.inc({ transport, reason }, 0);
    }
  }

  ingested: IngestMetrics['ingested'] = (transport, rows, outcome, invalid) => {
    this.stored.inc({ transport }, outcome.stored);
    this.duplicates.inc({ transport }, rows - outcome.stored - outcome.refused.length);
    this.refused.inc({ transport, reason: 'invalid' }, invalid);
    this.refused.inc({ transport, reason: 'database' }, outcome.refused.length);
  };

  storeFailed: IngestMetrics['storeFailed'] = (transport, rows) => {
    this.refused.inc({ transport, reason: 'unavailable' }, rows);
  };

  timeStatement: IngestMetrics['timeStatement'] = (readings) => {
    const end = this.statementSeconds.startTimer();
    return () => {
      end();
      this.statementRows.observe(readings);
    };
  };

  /**
   * Adds a second of the ingest thread's event-loop lag. Its gauges, named as prom-client's for the main thread
   * (nodejs_eventloop_lag_*), appear once a thread reports, and each scrape reads the lag since the last one.
   */
  addIngestLag(lag: LagHistogram) {
    if (!this.ingestLag) {
      const counts = new Map<number, number>();
      const gauge = (name: string, collect?: () => void) =>
        new Gauge({
          name: `greenpod_ingest_thread_eventloop_lag_${name}_seconds`,
          help: `The ingest thread's event-loop lag since the last scrape, ${name} (PostgreSQL only)`,
          registers: this.registers,
          ...(collect ? { collect } : {}),
        });
      // The first gauge's collect sets all three, then resets the histogram (a registry collects in order).
      const p50 = gauge('p50', () => {
        for (const [g, p] of [
          [p50, 50],
          [p99, 99],
          [max, 100],
        ] as const) {
          const ms = lagPercentile(counts, p);
          if (Number.isFinite(ms)) g.set(ms / 1000);
        }
        counts.clear();
      });
      const p99 = gauge('p99');
      const max = gauge('max');
      this.ingestLag = counts;
    }
    addLag(this.ingestLag, lag);
  }

  /** Adds what an ingest thread counted (metrics-tally.ts). */
  addTally(tally: IngestTally) {
    for (const [transport, t] of tally.transports) {
      this.ingested(transport, t.rows, { stored: t.stored, refused: { length: t.refused } }, t.invalid);
      this.storeFailed(transport, t.failed);
    }
    for (const [readings, seconds] of tally.statements) {
      this.statementSeconds.observe(seconds);
      this.statementRows.observe(readings);
    }
  }

  notificationsRaised = (tally: RaisedTally) => {
    this.raised.inc(tally.raised);
    this.folded.inc(tally.folded);
  };

  /** An ingest request refused as a whole (an HTTP error status), before or instead of storing. */
  ingestRequestRefused(transport: Transport, reason: string) {
    this.requestsRefused.inc({ transport, reason });
  }

  request(method: string, route: string, statusCode: number, seconds: number) {
    this.requestSeconds.observe({ method, route, status_code: String(statusCode) }, seconds);
  }

  private counter<L extends string>(name: string, help: string, labelNames: L[]) {
    return new Counter<L>({ name, help, labelNames, registers: this.registers });
  }
}
