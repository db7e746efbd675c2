import type { Queryable } from '../db/database';
import { deliverToScope, type Recipient } from './delivery';

export interface NewNotification {
  groupId: number;
  clientId: number;
  podId: number;
  sensorId: number | null;
  ruleId: number | null;
  value: number | null;
  type: 'WARNING' | 'ALERT' | 'RESOLVED' | 'OFFLINE' | 'ONLINE';
  severity: 'HIGH' | 'MEDIUM' | 'LOW';
  /** The reading time it is about: with rule, pod and type the key that makes raising it idempotent. */
  readingAt: Date;
}

export interface Raised {
  id: number;
  recipients: Recipient[];
}

/**
 * Stores a notification and delivers it to the pod's scope, once: raising the same step again (same
 * rule, pod, type and reading time) stores and delivers nothing and answers null.
 */
export async function raise(tx: Queryable, n: NewNotification): Promise<Raised | null> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO notification (group_id, client_id, pod_id, sensor_id, rule_id, value, type, severity, reading_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (rule_id, pod_id, type, reading_at) WHERE reading_at IS NOT NULL DO NOTHING
     RETURNING id`,
    [n.groupId, n.clientId, n.podId, n.sensorId, n.ruleId, n.value, n.type, n.severity, n.readingAt.toISOString()],
  );
  if (!row) return null;
  return { id: row.id, recipients: await deliverToScope(tx, row.id, n.podId) };
}
