import { parentPort, workerData } from 'node:worker_threads';
import pino from 'pino';
import { openPostgres } from '../db/database';
import { postgresNotifier, publishCommitted } from '../live/live-bus';
import { LagSampler } from '../metrics/lag-sampler';
import { MetricsTally } from '../metrics/metrics-tally';
import { loggerOptions } from '../plugins/logger-options';
import { IngestService } from '../telemetry/ingest-service';
import { startMqttIngest } from '../telemetry/mqtt-source';
import type { FromThread, IngestThreadData, ToThread } from './ingest-thread';

// The ingest thread (ingest-thread.ts): the broker or subscriber, the pod directory and the group commit,
// on a database pool of its own. The process migrated the database before starting it.
const TALLY_EVERY_MS = 1_000;
const data = workerData as IngestThreadData;
const parent = parentPort as NonNullable<typeof parentPort>;
const tell = (m: FromThread) => parent.postMessage(m);
const log = pino(loggerOptions(data.logLevel) as pino.LoggerOptions).child({ thread: 'ingest' });

try {
  const db = await openPostgres(data.databaseUrl);
  const tally = data.metrics ? new MetricsTally() : undefined;
  const ingest = new IngestService(db, log, tally, data.queueLimit);
  await ingest.watchPods();
  const notifier = postgresNotifier(db, log);
  publishCommitted(ingest.writer, notifier);
  ingest.onStored(() => tell({ type: 'stored', pending: ingest.writer.pending }));
  const mqtt = await startMqttIngest(data.mqtt, ingest, log);
  const lag = new LagSampler();
  const tallied = () =>
    ({
      type: 'tally',
      tally: tally?.take() ?? null,
      lag: lag.take(),
      // This thread's heap (RSS is the process's): bench/soak's probe reads it.
      heapUsed: process.memoryUsage().heapUsed,
      pending: ingest.writer.pending,
      // Named apart from the process's own pools (main, reads) in greenpod_db_pool_*.
      pools: (db.pools?.() ?? []).map((p) => ({ ...p, name: `ingest_${p.name}` })),
    }) as const;
  const timer = setInterval(() => tell(tallied()), TALLY_EVERY_MS);
  parent.on('message', async (m: ToThread) => {
    if (m.type === 'hold') ingest.writer.hold(m.shut);
    else if (m.type === 'forget') ingest.pods.forget();
    else if (m.type === 'close') {
      clearInterval(timer);
      await mqtt.close();
      lag.stop();
      tell(tallied());
      notifier.close();
      await ingest.close();
      await db.close();
      tell({ type: 'closed' });
      parent.close();
    }
  });
  tell({ type: 'ready', ...(mqtt.port === undefined ? {} : { port: mqtt.port }) });
} catch (err) {
  log.error({ err }, 'the ingest thread could not start');
  tell({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
  // What did start (a pool, a LISTEN connection) would keep the thread alive.
  setImmediate(() => process.exit(1));
}
