import { formatWireTime } from '@greenpod/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { LatestReadings } from './latest-readings';

/** A stored reading as the browser sees it; `created` is a wire time (yyyy-MM-dd HH:mm:ss UTC). */
export interface LiveReading {
  podId: number;
  sensorType: string;
  value: number;
  created: string;
}
type Listener = (readings: readonly LiveReading[]) => void;
/** A reading as the group-commit writer reports it committed. */
type CommittedReading = Omit<LiveReading, 'created'> & { created: Date };

/** Carries committed readings to the SSE streams of this instance (and, on PostgreSQL, of all). */
export interface LiveBus {
  publish(readings: readonly LiveReading[]): void;
  subscribe(listener: Listener): () => void;
  /**
   * Calls `listener` when the bus is back after losing its connection (a database restart): readings
   * committed meanwhile were not carried, so a screen showing them should fetch afresh.
   */
  onBack(listener: () => void): () => void;
  close(): Promise<void>;
}

class Listeners<A extends unknown[]> {
  private readonly set = new Set<(...args: A) => void>();
  add(listener: (...args: A) => void) {
    this.set.add(listener);
    return () => void this.set.delete(listener);
  }
  emit(...args: A) {
    for (const l of this.set) l(...args);
  }
  get size() {
    return this.set.size;
  }
}

/** PGlite runs inside one process, so in-process delivery is all there is to do. */
export function localBus(): LiveBus {
  const listeners = new Listeners<[readonly LiveReading[]]>();
  return {
    publish: (readings) => {
      if (readings.length) listeners.emit(readings);
    },
    subscribe: (l) => listeners.add(l),
    // Nothing stands between the writer and the streams that could be lost.
    onBack: () => () => {},
    close: async () => {},
  };
}

export const LIVE_CHANNEL = 'greenpod_readings';
// NOTIFY payloads are capped at 8000 bytes; stay well under with compact tuples.
const MAX_PAYLOAD = 7000;
const NOTIFY_EVERY_MS = 200;
type Tuple = [number, string, number, string];

/**
 * Scale-out (README, "Modes"): several API instances each ingest a share of the pods, and a
 * browser's stream may sit on any of them. Every instance NOTIFYs what it committed and LISTENs
 * (db.listen: one dedicated connection, reconnected for as long as the database is away), so each
 * stream sees every instance's readings, its own included.
 */
export async function postgresBus(db: Database, log: FastifyBaseLogger): Promise<LiveBus> {
  const listeners = new Listeners<[readonly LiveReading[]]>();
  const back = new Listeners<[]>();
  const stopListening = await db.listen(LIVE_CHANNEL, (payload) => {
    if (payload === null) {
      log.info('live: LISTEN connection back; open streams are told to fetch afresh');
      back.emit();
      return;
    }
    // With no stream open here there is nobody to hand them to: not parsed (thousands of readings a second).
    if (!payload || listeners.size === 0) return;
    try {
      const tuples = JSON.parse(payload) as Tuple[];
      listeners.emit(tuples.map(([podId, sensorType, value, created]) => ({ podId, sensorType, value, created })));
    } catch (err) {
      log.warn({ err }, 'live: ignoring a malformed notification');
    }
  });

  const notifier = postgresNotifier(db, log);
  return {
    publish: notifier.publish,
    subscribe: (l) => listeners.add(l),
    onBack: (l) => back.add(l),
    async close() {
      notifier.close();
      await stopListening();
    },
  };
}

/**
 * The sending half of postgresBus: what an instance (or its ingest thread, which has no streams to feed)
 * committed goes to every instance's streams.
 */
export function postgresNotifier(db: Database, log: FastifyBaseLogger) {
  // Performance (bench/ingest): NOTIFYing every reading sent the whole ingest stream (240,000 readings,
  // ~10 MB) through PostgreSQL's notification queue. Streams show at most one event per pod a second
  // with each sensor's latest value, so the latest reading per pod and sensor type every 200 ms is
  // all a browser can see: that is what goes out.
  const pending = new LatestReadings((r: LiveReading) => r.created);
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  const notify = (tuples: string[]) =>
    // Live updates are best effort: a failed NOTIFY must never fail the ingest that committed.
    db
      .query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, `[${tuples.join(',')}]`])
      .catch((err) => log.warn({ err }, 'live: NOTIFY failed'));
  const flush = () => {
    flushTimer = undefined;
    // Each tuple is spelled once, and payloads are joined from the spellings.
    let chunk: string[] = [];
    let size = 2;
    for (const r of pending) {
      const json = JSON.stringify([r.podId, r.sensorType, r.value, r.created] satisfies Tuple);
      if (size + json.length + 1 > MAX_PAYLOAD && chunk.length) {
        void notify(chunk);
        chunk = [];
        size = 2;
      }
      chunk.push(json);
      size += json.length + 1;
    }
    if (chunk.length) void notify(chunk);
    pending.clear();
  };

  return {
    publish(readings: readonly LiveReading[]) {
      for (const r of readings) pending.add(r);
      flushTimer ??= setTimeout(flush, NOTIFY_EVERY_MS);
    },
    close() {
      if (flushTimer) clearTimeout(flushTimer);
    },
  };
}

/**
 * Hands what `writer` commits to `bus`. Only the latest reading per pod and sensor type can reach a screen
 * (the bus and PodCoalescer keep the latest too): the rest of a group is not formatted at all (bench/ingest).
 */
export function publishCommitted(
  writer: { onCommitted(listener: (rows: readonly CommittedReading[]) => void): () => void },
  bus: Pick<LiveBus, 'publish'>,
): () => void {
  return writer.onCommitted((rows) => {
    const latest = new LatestReadings((r: (typeof rows)[number]) => r.created.getTime());
    for (const r of rows) latest.add(r);
    const readings: LiveReading[] = [];
    for (const r of latest)
      readings.push({ podId: r.podId, sensorType: r.sensorType, value: r.value, created: formatWireTime(r.created) });
    bus.publish(readings);
  });
}
