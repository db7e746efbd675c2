import type { IngestResult } from '@greenpod/contracts';
import type { Database } from '../db/database';
import { DATABASE_RETRY_AFTER_S, HttpError } from '../http/errors';
import type { IngestMetrics, Transport } from '../metrics/app-metrics';
import { GroupCommitWriter } from './group-commit';
import { PodDirectory } from './pod-directory';
import { type PodIdentity, validateReadings } from './reading-validation';
import { RepeatLimiter } from './repeat-limiter';

/** The part of a logger ingest uses: one short object and a message per line. */
export interface IngestLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Raised when readings could not be stored for a reason that is not theirs: send them again later. */
export class StoreUnavailableError extends HttpError {
  constructor() {
    super(503, 'Readings could not be stored right now; please send them again');
    this.retryAfterSeconds = DATABASE_RETRY_AFTER_S;
  }
}

/** Raised by the triggers of migration 012 with the identifier of a pod updated, deleted or re-sensored. */
export const POD_CHANGED_CHANNEL = 'greenpod_pod_changed';

/** The one path every reading takes, whether it came over HTTP or MQTT. */
export class IngestService {
  readonly pods: PodDirectory;
  readonly writer: GroupCommitWriter;
  private readonly limiter = new RepeatLimiter();
  private stopWatching?: () => Promise<void>;

  constructor(
    private readonly db: Database,
    readonly log?: IngestLog,
    private readonly metrics?: IngestMetrics,
  ) {
    this.pods = new PodDirectory(db);
    this.writer = new GroupCommitWriter(db, {
      onListenerError: (err) => log?.error({ err }, 'a listener of committed readings failed'),
      timeStatement: metrics?.timeStatement,
    });
  }

  /**
   * Follows pod changes made by any instance, so a deactivated pod is refused at once everywhere;
   * when notifications may have been missed (null), every pod is looked up afresh.
   */
  async watchPods() {
    this.stopWatching = await this.db.listen(POD_CHANGED_CHANNEL, (identifier) =>
      this.pods.forget(identifier || undefined),
    );
  }

  async close() {
    await this.stopWatching?.();
  }

  async ingest(
    pod: PodIdentity,
    readings: readonly unknown[],
    now = new Date(),
    transport: Transport = 'http',
  ): Promise<IngestResult> {
    const { rows, indexes, rejected } = validateReadings(pod, readings, now);
    let outcome: Awaited<ReturnType<GroupCommitWriter['write']>>;
    try {
      outcome = await this.writer.write(rows);
    } catch (err) {
      // The driver's error carries the statement and all its parameters (~11 KB a batch): never logged.
      const reason = (err as { code?: string }).code ?? (err instanceof Error ? err.message.slice(0, 80) : 'unknown');
      this.note('error', `store failed: ${reason}`, pod, rows.length);
      this.metrics?.storeFailed(transport, rows.length);
      throw new StoreUnavailableError();
    }
    this.metrics?.ingested(transport, rows.length, outcome, rejected.length);
    if (outcome.refused.length === 0)
      return { stored: outcome.stored, duplicates: rows.length - outcome.stored, rejected };
    const perReason = new Map<string, number>();
    for (const r of outcome.refused) perReason.set(r.reason, (perReason.get(r.reason) ?? 0) + 1);
    for (const [reason, count] of perReason) this.note('warn', reason, pod, count);
    const refused = outcome.refused.map((r) => ({ index: indexes[r.row] as number, reason: r.reason }));
    return {
      stored: outcome.stored,
      duplicates: rows.length - outcome.stored - refused.length,
      rejected: [...rejected, ...refused].sort((x, y) => x.index - y.index),
    };
  }

  /** Reports a refused message or a failed store: one short line, identical repeats rate-limited. */
  note(level: 'warn' | 'error', reason: string, pod: { identifier: string } | string, count: number) {
    const identifier = typeof pod === 'string' ? pod : pod.identifier;
    const suppressed = this.limiter.allow(`${level}|${reason}|${identifier}`);
    if (suppressed === null) return;
    this.log?.[level]({ pod: identifier, count, ...(suppressed ? { suppressed } : {}) }, reason);
  }
}
