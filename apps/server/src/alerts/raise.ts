import type { Queryable } from '../db/database';
import { deliverTo, type Recipient, scopeRecipients } from '../notifications/delivery';

export interface NewNotification {
  groupId: number;
  clientId: number;
  podId: number;
  sensorId: number | null;
  ruleId: number | null;
  value: number | null;
  /** The rule's threshold at raising, for the notification to say its value against (null: no rule). */
  threshold?: number | null;
  type: 'WARNING' | 'ALERT' | 'RESOLVED' | 'OFFLINE' | 'ONLINE';
  severity: 'HIGH' | 'MEDIUM' | 'LOW';
  /** The reading time it is about: with rule, pod and type the key that makes raising it idempotent. */
  readingAt: Date;
}

export interface Raised {
  id: number;
  recipients: Recipient[];
  /** Past the client's alert limit: counted into each recipient's summary instead of delivered. */
  folded: boolean;
}

/**
 * What one transaction has learnt while raising, so a claim raising several notifications asks once per
 * pod for its recipients and once per client for its hour's count (the advisory lock taken on the first
 * ask holds to the commit, so no other instance can raise for that client meanwhile and the count kept
 * here stays exact).
 */
export interface RaiseMemo {
  recipients: Map<number, Recipient[]>;
  delivered: Map<number, { limit: number; recent: number }>;
  /** What the transaction raised, for the metrics to count once it has committed (README.md#monitoring). */
  tally: { raised: number; folded: number };
}
export const newRaiseMemo = (): RaiseMemo => ({
  recipients: new Map(),
  delivered: new Map(),
  tally: { raised: 0, folded: 0 },
});

const DEFAULT_ALERT_LIMIT = 30;
const SEVERITY_RANK = "CASE severity WHEN 'HIGH' THEN 3 WHEN 'MEDIUM' THEN 2 ELSE 1 END";

/**
 * Stores a notification and delivers it to the pod's scope, once: raising the same step again (same
 * rule, pod, type and reading time) stores and delivers nothing and answers null. Past the client's
 * `alertLimit` notifications in the last hour (docs/domain.md#notifications) it is stored folded and
 * each recipient's summary of that client counts it instead.
 */
export async function raise(tx: Queryable, n: NewNotification, memo = newRaiseMemo()): Promise<Raised | null> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO notification (group_id, client_id, pod_id, sensor_id, rule_id, value, type, severity, reading_at,
                               threshold)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (rule_id, pod_id, type, reading_at) WHERE reading_at IS NOT NULL DO NOTHING
     RETURNING id`,
    [
      n.groupId,
      n.clientId,
      n.podId,
      n.sensorId,
      n.ruleId,
      n.value,
      n.type,
      n.severity,
      n.readingAt.toISOString(),
      n.threshold ?? null,
    ],
  );
  if (!row) return null;
  let recipients = memo.recipients.get(n.podId);
  if (!recipients) {
    recipients = await scopeRecipients(tx, n.podId);
    memo.recipients.set(n.podId, recipients);
  }
  let hour = memo.delivered.get(n.clientId);
  if (!hour) {
    hour = await deliveredThisHour(tx, n.clientId, row.id);
    memo.delivered.set(n.clientId, hour);
  }
  const folded = hour.limit > 0 && hour.recent >= hour.limit;
  memo.tally.raised++;
  if (folded) memo.tally.folded++;
  if (!folded) {
    hour.recent += 1;
    await deliverTo(tx, row.id, recipients);
    return { id: row.id, recipients, folded };
  }
  await tx.query('UPDATE notification SET folded = true WHERE id = $1', [row.id]);
  for (const r of recipients) await countIntoSummary(tx, n, r.userId);
  return { id: row.id, recipients, folded };
}

/** The client's alertLimit (0: no limit) and how many notifications it had delivered in the last hour. */
async function deliveredThisHour(tx: Queryable, clientId: number, exceptId: number) {
  // Instances raising for one client take turns here, so two cannot both slip under the limit.
  await tx.query('SELECT pg_advisory_xact_lock(7412, $1)', [clientId]);
  const [row] = await tx.query<{ limit: number; recent: number }>(
    `SELECT coalesce((SELECT alert_limit FROM configuration WHERE client_id = $1 AND active ORDER BY id LIMIT 1), $3)
              AS "limit",
            (SELECT count(*)::int FROM notification WHERE client_id = $1 AND created > now() - interval '1 hour'
               AND NOT folded AND type <> 'SUMMARY' AND id <> $2) AS recent`,
    [clientId, exceptId, DEFAULT_ALERT_LIMIT],
  );
  return { limit: row?.limit ?? DEFAULT_ALERT_LIMIT, recent: row?.recent ?? 0 };
}

/**
 * A user's summary of one client's flood: one SUMMARY notification per user and client an hour, its
 * value the number folded into it, its severity the highest of them; each new one makes it unread again.
 * It names the pod of the first folded notification, which the user's scope covers.
 */
async function countIntoSummary(tx: Queryable, n: NewNotification, userId: number) {
  const [open] = await tx.query<{ id: number }>(
    `SELECT s.id FROM notification s JOIN user_notification un ON un.notification_id = s.id AND un.user_id = $2
     WHERE s.type = 'SUMMARY' AND s.client_id = $1 AND s.created > now() - interval '1 hour'
     ORDER BY s.id DESC LIMIT 1 FOR UPDATE OF s`,
    [n.clientId, userId],
  );
  if (open) {
    await tx.query(
      `UPDATE notification SET value = value + 1, updated = now(),
         severity = CASE WHEN ${SEVERITY_RANK} >= CASE $2::text WHEN 'HIGH' THEN 3 WHEN 'MEDIUM' THEN 2 ELSE 1 END
                         THEN severity ELSE $2 END
       WHERE id = $1`,
      [open.id, n.severity],
    );
    await tx.query(
      'UPDATE user_notification SET read = false, updated = now() WHERE notification_id = $1 AND user_id = $2',
      [open.id, userId],
    );
    return;
  }
  await tx.query(
    `WITH s AS (
       INSERT INTO notification (group_id, client_id, pod_id, value, type, severity)
       VALUES ($1, $2, $3, 1, 'SUMMARY', $4) RETURNING id
     )
     INSERT INTO user_notification (notification_id, user_id) SELECT id, $5 FROM s`,
    [n.groupId, n.clientId, n.podId, n.severity, userId],
  );
}
