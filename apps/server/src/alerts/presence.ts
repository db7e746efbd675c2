import type { Database, Queryable } from '../db/database';
import { announce } from '../notifications/delivery';
import { LAST_READINGS, TYPE_COLUMNS } from '../telemetry/rollup-tables';
import { newRaiseMemo, type RaiseMemo, raise } from './raise';

type PodFacts = { pod_id: number; group_id: number; client_id: number; at: Date | string };

async function raisePresence(tx: Queryable, type: 'OFFLINE' | 'ONLINE', pods: readonly PodFacts[], memo: RaiseMemo) {
  const notified: number[] = [];
  for (const p of pods) {
    const raised = await raise(
      tx,
      {
        groupId: p.group_id,
        clientId: p.client_id,
        podId: p.pod_id,
        sensorId: null,
        ruleId: null,
        value: null,
        type,
        severity: type === 'OFFLINE' ? 'MEDIUM' : 'LOW',
        readingAt: new Date(p.at),
      },
      memo,
    );
    if (raised) notified.push(...raised.recipients.map((r) => r.userId));
  }
  return notified;
}

/**
 * Pods that just committed readings (from the evaluation queue, inside the worker's transaction): their
 * latest reading time moves on, and a pod that was offline is back: one ONLINE notification, keyed on
 * its latest reading. Answers the users notified.
 */
export async function notePresence(tx: Queryable, podIds: readonly number[], memo: RaiseMemo): Promise<number[]> {
  if (podIds.length === 0) return [];
  const back = await tx.query<{ pod_id: number }>(
    'SELECT pod_id FROM pod_presence WHERE pod_id = ANY($1::int[]) AND offline ORDER BY pod_id FOR UPDATE',
    [podIds],
  );
  // Performance (docs/performance.md#a-pod-once-a-claim): the latest reading from the bounds ingest keeps exact
  // (lo), not from the readings: an index descent per pod into every week's partition cost 28 ms a claim.
  // After a hand delete lo may lie before the latest; presence only ever moves forward, so that changes nothing.
  const latest = `greatest(${TYPE_COLUMNS.map((c) => `l.${c.lo}`).join(', ')})`;
  const seen = await tx.query<PodFacts>(
    `INSERT INTO pod_presence (pod_id, last_reading_at)
     SELECT l.pod_id, ${latest} FROM ${LAST_READINGS} l WHERE l.pod_id = ANY($1::int[]) AND ${latest} IS NOT NULL
     ON CONFLICT (pod_id) DO UPDATE
       SET last_reading_at = greatest(pod_presence.last_reading_at, excluded.last_reading_at), offline = false,
           updated = now()
     RETURNING pod_id, last_reading_at AS at,
       (SELECT group_id FROM pod WHERE id = pod_id) AS group_id, (SELECT client_id FROM pod WHERE id = pod_id) AS client_id`,
    [podIds],
  );
  const wasOffline = new Set(back.map((b) => b.pod_id));
  return raisePresence(
    tx,
    'ONLINE',
    seen.filter((s) => wasOffline.has(s.pod_id)),
    memo,
  );
}

/**
 * Declares offline every watched pod whose latest reading is older than `offlineAfterMs`: one OFFLINE
 * notification each, keyed on that latest reading, so a pod is declared offline once per silence
 * however many instances sweep. Answers how many pods went offline.
 */
export async function sweepOffline(
  db: Database,
  offlineAfterMs: number,
  onRaised?: (tally: RaiseMemo['tally']) => void,
): Promise<number> {
  const memo = newRaiseMemo();
  const wentOffline = await db.transaction(async (tx) => {
    const gone = await tx.query<PodFacts>(
      `UPDATE pod_presence pp SET offline = true, updated = now()
       FROM pod p
       WHERE p.id = pp.pod_id AND NOT pp.offline AND pp.last_reading_at < now() - make_interval(secs => $1)
       RETURNING pp.pod_id, pp.last_reading_at AS at, p.group_id, p.client_id`,
      [offlineAfterMs / 1000],
    );
    await announce(tx, await raisePresence(tx, 'OFFLINE', gone, memo));
    return gone.length;
  });
  onRaised?.(memo.tally);
  return wentOffline;
}
