import type { Queryable } from '../db/database';

/**
 * Leaves one queue row per pod of a batch, inside the batch's own transaction, so the rules engine
 * evaluates every committed reading even if the server dies right after the commit (migrations 015, 032).
 * Cheap on purpose: no rule lookup here, the worker drops rows no rule needs.
 */
export async function enqueueEvaluation(tx: Queryable, stored: readonly { podId: number }[]): Promise<void> {
  if (stored.length === 0) return;
  const pods = [...new Set(stored.map((r) => r.podId))];
  await tx.query('INSERT INTO rule_evaluation_queue (pod_id) SELECT unnest($1::int[])', [pods]);
}
