import type { Database } from '../db/database';
import { enqueueEvaluation } from './evaluation-queue';
import { insertReadings } from './measurement-writer';
import type { ReadingRow } from './reading-validation';

/**
 * The (pod, sensor, time) keys of a group's readings, as nested maps of numbers: a string key per reading cost
 * 15-21 ms of event loop for a 24,000-reading group, the nested maps 3-5 (docs/performance.md#the-ingest-statements-parameters).
 */
class ReadingKeys {
  private readonly pods = new Map<number, Map<number, Set<number>>>();

  /** Adds the reading's key: false if it was there already. */
  add(r: ReadingRow): boolean {
    let sensors = this.pods.get(r.podId);
    if (!sensors) {
      sensors = new Map();
      this.pods.set(r.podId, sensors);
    }
    let times = sensors.get(r.sensorId);
    if (!times) {
      times = new Set();
      sensors.set(r.sensorId, times);
    }
    const ms = r.created.getTime();
    if (times.has(ms)) return false;
    times.add(ms);
    return true;
  }
}

/** What one caller's write came to: rows new to the database, and rows it refused (by position in the caller's rows). */
export interface WriteOutcome {
  stored: number;
  refused: { row: number; reason: string }[];
}

type CommitListener = (rows: readonly ReadingRow[]) => void;

/** The most readings one statement takes, whatever the bound (the class's comment says why). */
export const MAX_GROUP_ROWS = 24_000;

/**
 * Refused at once: the writer already holds its bound of readings (docs/performance.md#soak-and-overload).
 * Nothing of the refused write was queued, so the caller may send it again later.
 */
export class WriterFullError extends Error {
  constructor(readonly held: number) {
    super(`the ingest queue holds ${held} readings, at its bound`);
  }
}

interface Pending {
  rows: readonly ReadingRow[];
  resolve: (outcome: WriteOutcome) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit: writes that arrive while statements run are gathered into the next one, so a
 * thousand small MQTT messages cost a few statements, not a thousand. Each caller's promise settles
 * only after the statement holding its rows has committed (then, and only then, the pod is acked).
 * On PostgreSQL two statements run at once, so one group's commit (its WAL flush) overlaps the next
 * group's insert (bench/ingest, MQTT on the 2-core VM: one at a time 17,000 readings/s, two
 * 25,000-32,000, three or four 23,000-27,400, eight 24,800: more make smaller groups that contend for
 * the same rollup rows); PGlite has one connection, so there it is one at a time. A group holds up to a
 * quarter of the bound (12,500 readings at the default), at most 24,000: under a backlog of 1,000 pods a rollup
 * row then takes several readings at once (docs/performance.md#the-ingest-statements-parameters).
 */
export class GroupCommitWriter {
  private queue: Pending[] = [];
  /** Writes that wait for the held readings to fall below the bound, oldest first. */
  private parked: Pending[] = [];
  private parkedRows = 0;
  /** Held shut from outside (the rules engine too far behind): writes are refused or parked as at the bound. */
  private shut = false;
  private inFlight = 0;
  private scheduled = false;
  private queuedRows = 0;
  private inFlightRows = 0;
  private readonly committed = new Set<CommitListener>();
  private readonly maxRows: number;
  private readonly concurrency: number;
  private readonly maxHeldRows: number;
  private readonly onListenerError: (err: unknown) => void;
  private readonly timeStatement?: (readings: number) => () => void;

  constructor(
    private readonly db: Database,
    options: {
      maxRows?: number;
      concurrency?: number;
      /**
       * Readings queued and in statements past which a write is not taken (docs/performance.md#soak-and-overload):
       * it is refused (WriterFullError), or with `wait` parked until statements commit, and refused only once
       * as many readings are parked. Memory and the time to an acknowledgement stay bounded under overload. A
       * write is taken while the writer holds fewer, so the bound is passed by at most one write, and a lone
       * batch larger than the bound is still stored.
       */
      maxHeldRows?: number;
      /** Hears a commit listener's throw (the write itself has committed and succeeds all the same). */
      onListenerError?: (err: unknown) => void;
      /** Starts timing a statement of that many readings; what it returns is called after the commit (metrics/). */
      timeStatement?: (readings: number) => () => void;
    } = {},
  ) {
    this.concurrency = options.concurrency ?? (db.kind === 'postgres' ? 2 : 1);
    this.maxHeldRows = options.maxHeldRows ?? Number.POSITIVE_INFINITY;
    // Larger groups let one rollup row take several readings of its pod (docs/performance.md#the-ingest-statements-parameters),
    // but both statements must fit in the bound with room to queue the next group.
    this.maxRows = options.maxRows ?? Math.max(1_000, Math.min(MAX_GROUP_ROWS, Math.floor(this.maxHeldRows / 4)));
    this.onListenerError = options.onListenerError ?? (() => {});
    this.timeStatement = options.timeStatement;
  }

  /**
   * Calls `listener` with the rows each statement stored, after its commit (the live stream and the
   * rules engine both listen). Resolves to its removal, which leaves every other listener in place.
   */
  onCommitted(listener: CommitListener): () => void {
    this.committed.add(listener);
    return () => void this.committed.delete(listener);
  }

  /**
   * Stores `rows` in the next statement. At the bound it refuses them, or with `wait` parks them until
   * there is room (an MQTT message whose PUBACK can wait; an HTTP request is better answered at once).
   */
  write(rows: readonly ReadingRow[], { wait = false } = {}): Promise<WriteOutcome> {
    if (rows.length === 0) return Promise.resolve({ stored: 0, refused: [] });
    if (this.full && (!wait || this.parkedRows >= this.maxHeldRows))
      return Promise.reject(new WriterFullError(this.held + this.parkedRows));
    return new Promise((resolve, reject) => {
      if (this.full) {
        this.parked.push({ rows, resolve, reject });
        this.parkedRows += rows.length;
      } else this.enqueue({ rows, resolve, reject });
    });
  }

  private enqueue(p: Pending) {
    this.queue.push(p);
    this.queuedRows += p.rows.length;
    if (!this.scheduled && this.inFlight < this.concurrency) {
      this.scheduled = true;
      // One tick lets the messages that arrived in the same burst join this statement.
      setImmediate(() => {
        this.scheduled = false;
        this.pump();
      });
    }
  }

  private pump() {
    while (this.queue.length && this.inFlight < this.concurrency) {
      this.inFlight++;
      const batch = this.takeBatch();
      const rows = batch.reduce((n, p) => n + p.rows.length, 0);
      this.inFlightRows += rows;
      void this.flush(batch).finally(() => {
        this.inFlight--;
        this.inFlightRows -= rows;
        this.unpark();
        this.pump();
      });
    }
  }

  private unpark() {
    while (this.parked.length && !this.full) {
      const p = this.parked.shift() as Pending;
      this.parkedRows -= p.rows.length;
      this.enqueue(p);
    }
  }

  /**
   * Shuts the writer (true) as if at its bound, whatever it holds, or opens it again (false), letting parked
   * writes in: how the rules engine's lag bound (rules-lag-guard.ts) pushes back on ingest.
   */
  hold(shut: boolean) {
    this.shut = shut;
    if (!shut) this.unpark();
  }

  get holding() {
    return this.shut;
  }

  private takeBatch(): Pending[] {
    const batch: Pending[] = [];
    let n = 0;
    while (this.queue.length && (n === 0 || n + (this.queue[0]?.rows.length ?? 0) <= this.maxRows)) {
      const p = this.queue.shift() as Pending;
      batch.push(p);
      n += p.rows.length;
    }
    this.queuedRows -= n;
    return batch;
  }

  /**
   * One statement for the whole group. If the database refuses the data (a data exception or an
   * integrity violation), the statement rolled back as a whole, so the rows are tried again per
   * caller, and a caller's rows that still fail are split until the reading at fault stands alone:
   * it becomes that caller's rejection, and every other reading of every caller is stored. Any other
   * failure (the database unreachable, a lost connection) is nobody's data: every caller is
   * rejected, so HTTP answers 503 and MQTT withholds its ack.
   */
  private async flush(batch: Pending[]) {
    let failure: unknown;
    try {
      const counts = await this.commit(batch.map((p) => p.rows));
      const answers = batch.map((p, i) => ({ p, stored: counts[i] ?? 0 }));
      // A pod's writes are answered together (the sort keeps their order), so the acknowledgements of its
      // messages leave in one write to its connection, not one each (docs/performance.md#the-ingest-statements-parameters).
      answers.sort((a, b) => podOf(a.p) - podOf(b.p));
      settleInSlices(answers, (a) => a.p.resolve({ stored: a.stored, refused: [] }));
      return;
    } catch (err) {
      failure = err;
    }
    if (!isDataError(failure)) {
      for (const p of batch) p.reject(failure);
      return;
    }
    for (const p of batch) {
      try {
        // A caller alone in the statement is already known to fail whole: split it at once.
        p.resolve(batch.length === 1 ? await this.split(p.rows, 0, failure) : await this.isolate(p.rows, 0));
      } catch (err) {
        p.reject(err);
      }
    }
  }

  /**
   * Stores `rows` (the slice of one caller's rows starting at `offset`), halving on a data error.
   * Halving, not one statement per reading: a 5,000-reading batch with one bad reading costs about
   * 2 x 13 statements, not 5,000. A half that commits stays committed; the retry of the other half
   * is idempotent all the same (ON CONFLICT DO NOTHING).
   */
  private async isolate(rows: readonly ReadingRow[], offset: number): Promise<WriteOutcome> {
    try {
      const [stored = 0] = await this.commit([rows]);
      return { stored, refused: [] };
    } catch (err) {
      if (!isDataError(err)) throw err;
      return this.split(rows, offset, err);
    }
  }

  private async split(rows: readonly ReadingRow[], offset: number, err: unknown): Promise<WriteOutcome> {
    if (rows.length === 1) return { stored: 0, refused: [{ row: offset, reason: refusalOf(err) }] };
    const half = Math.ceil(rows.length / 2);
    const first = await this.isolate(rows.slice(0, half), offset);
    const second = await this.isolate(rows.slice(half), offset + half);
    return { stored: first.stored + second.stored, refused: [...first.refused, ...second.refused] };
  }

  /** Writes the groups' rows in one transaction; answers, per group, how many rows were new. */
  private async commit(groups: readonly (readonly ReadingRow[])[]): Promise<number[]> {
    // A retry can repeat a reading within one group: it is sent once (the statement needs that).
    const seen = new ReadingKeys();
    const rows: ReadingRow[] = [];
    const indexesOf = groups.map((group) => {
      const mine: number[] = [];
      for (const r of group) if (seen.add(r)) mine.push(rows.push(r) - 1);
      return mine;
    });
    const timed = this.timeStatement?.(rows.length);
    const skipped = await this.db.transaction(async (tx) => {
      const skippedRows = await insertReadings(tx, rows);
      await enqueueEvaluation(tx, skippedRows.size === 0 ? rows : rows.filter((_, j) => !skippedRows.has(j)));
      return skippedRows;
    });
    timed?.();
    const stored = skipped.size === 0 ? rows : rows.filter((_, j) => !skipped.has(j));
    // The rows are committed whatever a listener does: its throw must not fail the callers' writes.
    for (const listener of [...this.committed]) {
      try {
        listener(stored);
      } catch (err) {
        this.onListenerError(err);
      }
    }
    return indexesOf.map((mine) => (skipped.size === 0 ? mine.length : mine.filter((j) => !skipped.has(j)).length));
  }

  /** Readings waiting for a statement. */
  get pending() {
    return this.queuedRows;
  }

  /** Readings not yet committed: waiting, and in the statements running now. */
  get held() {
    return this.queuedRows + this.inFlightRows;
  }

  /** Readings of writes parked until there is room. */
  get waiting() {
    return this.parkedRows;
  }

  /** At its bound, or held shut: the next write is refused, or parked, until statements commit (or it opens). */
  get full() {
    return this.shut || this.held >= this.maxHeldRows;
  }

  /** As many readings parked as held: even a write that would wait is refused. */
  get overflowing() {
    return this.full && this.parkedRows >= this.maxHeldRows;
  }
}

const SETTLE_SLICE = 100;

/** The pod a write is from: its first reading's (ingest writes one pod's readings at a time). */
const podOf = (p: Pending) => p.rows[0]?.podId ?? 0;

/**
 * Settles a committed group's callers a slice at a time, with a turn of the event loop between slices: each
 * caller's continuation (an MQTT PUBACK, an HTTP answer) runs when its promise settles, and a group holds
 * thousands of callers, which settled at once would hold the event loop for as long as they all take.
 */
function settleInSlices<T>(items: readonly T[], settle: (item: T) => void, from = 0) {
  const end = Math.min(items.length, from + SETTLE_SLICE);
  for (let i = from; i < end; i++) settle(items[i] as T);
  if (end < items.length) setImmediate(() => settleInSlices(items, settle, end));
}

/** SQLSTATE classes 22 (data exception: out of range, bad datetime) and 23 (integrity: a CHECK). */
export function isDataError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}

/** The reason a pod is given: PostgreSQL's message, short, never the statement or its parameters. */
function refusalOf(err: unknown): string {
  const message = err instanceof Error ? err.message.split('\n')[0]?.slice(0, 120) : '';
  return `the database refused this reading: ${message || 'invalid value'}`;
}
