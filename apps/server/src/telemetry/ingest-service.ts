import type { IngestResult } from '@greenpod/contracts';
import type { Database } from '../db/database';
import { DATABASE_RETRY_AFTER_S, HttpError } from '../http/errors';
import type { IngestMetrics, Transport } from '../metrics/app-metrics';
import { GroupCommitWriter, WriterFullError } from './group-commit';
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

/** How long a pod is asked to wait when ingest is at its bound: the queue drains in about a second. */
export const BUSY_RETRY_AFTER_S = 2;

/**
 * Raised when the ingest queue is at its bound (INGEST_QUEUE_LIMIT): nothing of the batch was stored;
 * send it again after Retry-After (docs/performance.md#soak-and-overload).
 */
export class IngestBusyError extends HttpError {
  constructor() {
    super(503, 'The server is storing as many readings as it can; please send these again shortly');
    this.retryAfterSeconds = BUSY_RETRY_AFTER_S;
  }
}

/** Raised by the triggers of migration 012 with the identifier of a pod updated, deleted or re-sensored. */
export const POD_CHANGED_CHANNEL = 'greenpod_pod_changed';

/**
 * Ingest that runs apart from this service (the ingest thread: ingest-thread/ingest-thread.ts) and answers to
 * its controls: the rules engine's lag bound, and an administrator's change to a pod.
 */
export interface IngestElsewhere {
  hold(shut: boolean): void;
  forgetPods(): void;
  /** Readings waiting there for a statement, as last heard. */
  readonly pending: number;
}

/** The one path every reading takes, whether it came over HTTP or MQTT. */
export class IngestService {
  readonly pods: PodDirectory;
  readonly writer: GroupCommitWriter;
  private readonly limiter = new RepeatLimiter();
  private stopWatching?: () => Promise<void>;
  private elsewhere?: IngestElsewhere;
  private readonly storedListeners = new Set<() => void>();

  constructor(
    private readonly db: Database,
    readonly log?: IngestLog,
    private readonly metrics?: IngestMetrics,
    /** Readings held uncommitted past which new ones are refused (INGEST_QUEUE_LIMIT); unbounded if unset. */
    queueLimit?: number,
  ) {
    this.pods = new PodDirectory(db);
    this.writer = new GroupCommitWriter(db, {
      ...(queueLimit ? { maxHeldRows: queueLimit } : {}),
      onListenerError: (err) => log?.error({ err }, 'a listener of committed readings failed'),
      timeStatement: metrics?.timeStatement,
    });
    this.writer.onCommitted((rows) => {
      if (rows.length > 0) this.announceStored();
    });
  }

  /** Hands this service's controls on to ingest that runs elsewhere (the ingest thread). */
  attach(elsewhere: IngestElsewhere) {
    this.elsewhere = elsewhere;
    if (this.writer.holding) elsewhere.hold(true);
  }

  /** Calls `listener` after every commit that stored readings, here or elsewhere (the rules engine wakes on it). */
  onStored(listener: () => void): () => void {
    this.storedListeners.add(listener);
    return () => void this.storedListeners.delete(listener);
  }

  /** Readings were committed, here or elsewhere: wakes what listens. */
  announceStored() {
    for (const l of this.storedListeners) l();
  }

  /** Shuts ingest (true), here and elsewhere, as at its bound, or opens it again (rules-lag-guard.ts). */
  hold(shut: boolean) {
    this.writer.hold(shut);
    this.elsewhere?.hold(shut);
  }

  get holding() {
    return this.writer.holding;
  }

  /** Forgets every pod, here and elsewhere: one was changed by this instance (pod-directory-writes.ts). */
  forgetPods() {
    this.pods.forget();
    this.elsewhere?.forgetPods();
  }

  /** Readings waiting for a statement, here and elsewhere. */
  get pending() {
    return this.writer.pending + (this.elsewhere?.pending ?? 0);
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

  /**
   * At the queue's bound: HTTP refuses a batch here, before reading it, so shedding costs next to nothing
   * (ingest() refuses too, for what arrives between this check and the write).
   */
  get busy(): boolean {
    return this.writer.full;
  }

  /** Past the bound even for messages that would wait for room (MQTT): they are refused too. */
  get overflowing(): boolean {
    return this.writer.overflowing;
  }

  /** Refuses one batch or message because ingest is at its bound: one log line a minute for them all. */
  shed(): IngestBusyError {
    // Held shut by the rules engine's lag bound, which logs its own line.
    const refusedSince = this.writer.holding ? null : this.limiter.allow('ingest busy');
    if (refusedSince !== null)
      this.log?.warn({ refusedSince }, 'ingest queue full (INGEST_QUEUE_LIMIT): batches refused until it drains');
    return new IngestBusyError();
  }

  /**
   * Checks and stores one batch or message. At the queue's bound it is refused (IngestBusyError), or with
   * `waitForRoom` waits for room: a PUBACK withheld a while slows a pod down at no cost, where closing its
   * connection would have it resend messages already queued (docs/performance.md#soak-and-overload).
   */
  async ingest(
    pod: PodIdentity,
    readings: readonly unknown[],
    now = new Date(),
    { transport = 'http', waitForRoom = false }: { transport?: Transport; waitForRoom?: boolean } = {},
  ): Promise<IngestResult> {
    const { rows, indexes, rejected } = validateReadings(pod, readings, now);
    let outcome: Awaited<ReturnType<GroupCommitWriter['write']>>;
    try {
      outcome = await this.writer.write(rows, { wait: waitForRoom });
    } catch (err) {
      if (err instanceof WriterFullError) throw this.shed();
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
