import type { Database } from '../db/database';
import { insertReadings } from './measurement-writer';
import type { ReadingRow } from './reading-validation';

const readingKey = (podId: number, sensorId: number, ms: number) => `${podId}:${sensorId}:${ms}`;

interface Pending {
  rows: readonly ReadingRow[];
  resolve: (stored: number) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit: writes that arrive while statements run are gathered into the next one, so a
 * thousand small MQTT messages cost a few statements, not a thousand. Each caller's promise settles
 * only after the statement holding its rows has committed (then, and only then, the pod is acked).
 * On PostgreSQL two statements run at once, so one group's commit (its WAL flush) overlaps the next
 * group's insert (bench/ingest, MQTT on the 2-core VM: one at a time 17,000 readings/s, two
 * 25,000-32,000, three or four 23,000-27,400, eight 24,800: more make smaller groups that contend for
 * the same rollup rows); PGlite has one connection, so there it is one at a time.
 */
export class GroupCommitWriter {
  private queue: Pending[] = [];
  private inFlight = 0;
  private scheduled = false;
  private queuedRows = 0;
  onCommitted?: (rows: readonly ReadingRow[]) => void;

  constructor(
    private readonly db: Database,
    private readonly maxRows = 8_000,
    private readonly concurrency = db.kind === 'postgres' ? 2 : 1,
  ) {}

  write(rows: readonly ReadingRow[]): Promise<number> {
    if (rows.length === 0) return Promise.resolve(0);
    return new Promise((resolve, reject) => {
      this.queue.push({ rows, resolve, reject });
      this.queuedRows += rows.length;
      if (!this.scheduled && this.inFlight < this.concurrency) {
        this.scheduled = true;
        // One tick lets the messages that arrived in the same burst join this statement.
        setImmediate(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  private pump() {
    while (this.queue.length && this.inFlight < this.concurrency) {
      this.inFlight++;
      void this.flush(this.takeBatch()).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
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

  private async flush(batch: Pending[]) {
    // A retry can repeat a reading within one group: it is sent once (the statement needs that).
    const seen = new Set<string>();
    const rows: ReadingRow[] = [];
    const indexesOf = batch.map((p) =>
      p.rows.flatMap((r) => {
        const key = readingKey(r.podId, r.sensorId, r.created.getTime());
        if (seen.has(key)) return [];
        seen.add(key);
        return [rows.push(r) - 1];
      }),
    );
    try {
      const skipped = await this.db.transaction((tx) => insertReadings(tx, rows));
      batch.forEach((p, i) => {
        const mine = indexesOf[i] ?? [];
        p.resolve(skipped.size === 0 ? mine.length : mine.filter((j) => !skipped.has(j)).length);
      });
      this.onCommitted?.(skipped.size === 0 ? rows : rows.filter((_, j) => !skipped.has(j)));
    } catch (err) {
      for (const p of batch) p.reject(err);
    }
  }

  get pending() {
    return this.queuedRows;
  }
}
