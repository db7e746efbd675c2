import type { Queryable } from '../db/database';

/**
 * Leaves one queue row per pod and sensor type of a batch, inside the batch's own transaction, so the
 * rules engine evaluates every committed reading even if the server dies right after the commit
 * (migration 015). Cheap on purpose: no rule lookup here, the worker drops rows no rule needs.
 */
export async function enqueueEvaluation(
  tx: Queryable,
  stored: readonly { podId: number; sensorType: string }[],
): Promise<void> {
  if (stored.length === 0) return;
  const pairs = new Map<string, { podId: number; sensorType: string }>();
  for (const r of stored) pairs.set(`${r.podId} ${r.sensorType}`, { podId: r.podId, sensorType: r.sensorType });
  const list = [...pairs.values()];
  await tx.query(
    'INSERT INTO rule_evaluation_queue (pod_id, sensor_type) SELECT * FROM unnest($1::int[], $2::text[])',
    [list.map((p) => p.podId), list.map((p) => p.sensorType)],
  );
}
