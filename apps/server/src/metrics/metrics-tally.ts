import type { IngestMetrics, Transport } from './app-metrics';

interface Sums {
  rows: number;
  stored: number;
  refused: number;
  invalid: number;
  failed: number;
}

/** What a MetricsTally counted since it was last taken; plain data, so it crosses to another thread. */
export interface IngestTally {
  transports: [Transport, Sums][];
  /** Each statement's readings and seconds. */
  statements: [number, number][];
}

/**
 * The ingest metrics of a thread that has no registry of its own (ingest-thread/ingest-thread.ts): summed here,
 * then taken once a second and added to the process's metrics (AppMetrics.addTally), which /metrics shows.
 */
export class MetricsTally implements IngestMetrics {
  private sums = new Map<Transport, Sums>();
  private statements: [number, number][] = [];

  ingested: IngestMetrics['ingested'] = (transport, rows, outcome, invalid) => {
    const s = this.of(transport);
    s.rows += rows;
    s.stored += outcome.stored;
    s.refused += outcome.refused.length;
    s.invalid += invalid;
  };

  storeFailed: IngestMetrics['storeFailed'] = (transport, rows) => {
    this.of(transport).failed += rows;
  };

  timeStatement: IngestMetrics['timeStatement'] = (readings) => {
    const started = performance.now();
    return () => void this.statements.push([readings, (performance.now() - started) / 1000]);
  };

  /** What was counted since the last take, or null when nothing was. */
  take(): IngestTally | null {
    if (this.sums.size === 0 && this.statements.length === 0) return null;
    const tally: IngestTally = { transports: [...this.sums], statements: this.statements };
    this.sums = new Map();
    this.statements = [];
    return tally;
  }

  private of(transport: Transport): Sums {
    const s = this.sums.get(transport) ?? { rows: 0, stored: 0, refused: 0, invalid: 0, failed: 0 };
    this.sums.set(transport, s);
    return s;
  }
}
