import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { PoolUse } from '../db/database';
import type { AppMetrics } from '../metrics/app-metrics';
import type { LagHistogram } from '../metrics/lag-sampler';
import type { IngestTally } from '../metrics/metrics-tally';
import type { IngestService } from '../telemetry/ingest-service';
import type { MqttSource } from '../telemetry/mqtt-source';

export interface IngestThreadData {
  databaseUrl: string;
  queueLimit: number;
  logLevel: string;
  /** Count ingest metrics and send them over (off when /metrics is). */
  metrics: boolean;
  mqtt: MqttSource;
}

export type ToThread = { type: 'hold'; shut: boolean } | { type: 'forget' } | { type: 'close' };
export type FromThread =
  | { type: 'ready'; port?: number }
  | { type: 'failed'; message: string }
  | { type: 'stored'; pending: number }
  | {
      type: 'tally';
      tally: IngestTally | null;
      lag: LagHistogram;
      heapUsed: number;
      pending: number;
      pools: PoolUse[];
    }
  | { type: 'closed' };

// The server runs through tsx (package.json), but a worker does not inherit its loader: the thread registers
// it before it imports its TypeScript entry.
const bootstrap = (entry: string) =>
  `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})` +
  `.then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;

/**
 * On PostgreSQL the pods' MQTT messages are taken by a worker thread with its own database pool, directory
 * and group commit (docs/decisions/0032-ingest-thread.md): the event loop that answers HTTP no longer parses,
 * validates and acknowledges thousands of readings a second between two dashboard reads. It stands to this
 * process as another instance would (its commits reach the streams and the rules engine through the
 * database), and answers to the controls an instance has on its own ingest: the rules engine's lag bound,
 * a pod changed here, the pending readings and ingest metrics. `onExit` is called if the thread ends
 * unasked (an error it could not survive): the readings it acknowledged are stored; nothing else is.
 */
export async function startIngestThread(opts: {
  ingest: IngestService;
  metrics: AppMetrics | null;
  log: FastifyBaseLogger;
  data: Omit<IngestThreadData, 'metrics'>;
  onExit: (err: Error) => void;
}) {
  const data: IngestThreadData = { ...opts.data, metrics: opts.metrics !== null };
  const entry = new URL('./ingest-thread-entry.ts', import.meta.url).href;
  const worker = new Worker(bootstrap(entry), { eval: true, workerData: data });
  const send = (m: ToThread) => worker.postMessage(m);
  let pending = 0;
  let started = false;
  let closing = false;
  const ready = new Promise<number | undefined>((ok, fail) => {
    worker.on('message', (m: FromThread) => {
      if (m.type === 'ready') ok(m.port);
      else if (m.type === 'failed') fail(new Error(m.message));
      else if (m.type === 'stored') {
        pending = m.pending;
        opts.ingest.announceStored();
      } else if (m.type === 'tally') {
        pending = m.pending;
        if (m.tally) opts.metrics?.addTally(m.tally);
        opts.metrics?.addIngestLag(m.lag);
        if (opts.metrics) opts.metrics.threadPools = m.pools;
      }
    });
    let ended = false;
    const end = (err: Error) => {
      fail(err);
      if (started && !ended && !closing) opts.onExit(err);
      ended = true;
    };
    worker.once('error', end);
    worker.once('exit', (code) => end(new Error(`the ingest thread ended (exit code ${code})`)));
  });
  const port = await ready;
  started = true;
  opts.ingest.attach({
    hold: (shut) => send({ type: 'hold', shut }),
    forgetPods: () => send({ type: 'forget' }),
    get pending() {
      return pending;
    },
  });
  return {
    ...(port === undefined ? {} : { port }),
    /**
     * Stops taking messages and ends the thread, as a stop of the one-thread server does: statements running
     * finish first, and what was not acknowledged is sent again by its pods.
     */
    async close() {
      closing = true;
      const closed = new Promise<void>((ok) => {
        worker.on('message', (m: FromThread) => m.type === 'closed' && ok());
        worker.once('exit', () => ok());
      });
      send({ type: 'close' });
      await closed;
      await worker.terminate();
    },
  };
}
