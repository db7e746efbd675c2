import type { Database, Queryable } from '../db/database';
import { enqueueMail } from '../mail/mail-queue';
import { alertMail } from './alert-mail';
import { announce } from './delivery';
import { type EngineRule, type EpisodeState, evaluateAll, INITIAL_STATE } from './episode';
import { notePresence } from './presence';
import { raise } from './raise';

const CLAIM = 500;
// A rule met for the first time (new, or a server meeting old readings) looks back this far: far enough to
// see the episode a pod is in now, not so far that it reports a day of episodes long over.
const FIRST_LOOK_BACK_MS = 3_600_000;

type RuleRow = {
  id: number;
  group_id: number;
  client_id: number;
  sensor_id: number;
  title: string;
  action: string | null;
  pod_title: string;
  sensor_title: string;
  condition: EngineRule['condition'];
  threshold_value: number;
  severity: EngineRule['severity'];
  delay_minutes: number | null;
  clear_level: number | null;
  margin: number;
  cooldown: number;
};

/**
 * Claims queued pod/sensor pairs and runs every rule that applies to them (its own pod's, and any an
 * Alert row binds to the pod) over the readings not evaluated yet, in one transaction: the claim, the
 * notifications and the new episode states commit together, so a crash redoes the work and the unique
 * (rule, pod, type, reading time) index keeps it from raising anything twice. Answers how many pairs
 * it took, so a caller can run it again until the queue is empty.
 */
export interface WorkerOptions {
  /** The alerts page's address, linked from alert mails. */
  alertsUrl: string;
}

export async function evaluateQueued(db: Database, opts: WorkerOptions): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx.query<{ pod_id: number; sensor_type: string }>(
      `DELETE FROM rule_evaluation_queue WHERE id IN (
         SELECT id FROM rule_evaluation_queue ORDER BY id LIMIT ${CLAIM} FOR UPDATE SKIP LOCKED)
       RETURNING pod_id, sensor_type`,
    );
    const pairs = new Map(claimed.map((c) => [`${c.pod_id} ${c.sensor_type}`, c]));
    const notified = await notePresence(tx, [...new Set(claimed.map((c) => c.pod_id))]);
    for (const { pod_id, sensor_type } of pairs.values())
      notified.push(...(await evaluatePair(tx, pod_id, sensor_type, opts)));
    await announce(tx, notified);
    return claimed.length;
  });
}

/** Evaluates the rules of one pod and sensor type; answers the users it notified. */
async function evaluatePair(tx: Queryable, podId: number, sensorType: string, opts: WorkerOptions) {
  const notified: number[] = [];
  const rules = await tx.query<RuleRow>(
    `SELECT r.id, r.group_id, r.client_id, r.sensor_id, r.title, r.action, p.title AS pod_title,
            s.title AS sensor_title, r.condition, r.threshold_value, r.severity, r.delay_minutes, r.clear_level,
            coalesce(c.notification_margin, 10)::float8 AS margin, coalesce(c.notification_cooldown, 60) AS cooldown
     FROM rule r
     JOIN sensor s ON s.id = r.sensor_id AND s.type = $2
     JOIN pod p ON p.id = $1
     LEFT JOIN configuration c ON c.client_id = p.client_id AND c.active
     WHERE r.pod_id = $1 OR r.id IN (SELECT a.rule_id FROM alert a WHERE a.pod_id = $1)
     ORDER BY r.id`,
    [podId, sensorType],
  );
  for (const rule of rules) {
    // The row exists before it is locked, so two instances evaluating one pair take turns even the first time.
    await tx.query(
      'INSERT INTO rule_episode (rule_id, pod_id, state) VALUES ($1, $2, $3::jsonb) ON CONFLICT DO NOTHING',
      [rule.id, podId, JSON.stringify(INITIAL_STATE)],
    );
    const [row] = await tx.query<{ state: EpisodeState; last_mail_at: Date | string | null }>(
      'SELECT state, last_mail_at FROM rule_episode WHERE rule_id = $1 AND pod_id = $2 FOR UPDATE',
      [rule.id, podId],
    );
    const state = row?.state ?? INITIAL_STATE;
    const since = state.lastAt ?? Date.now() - FIRST_LOOK_BACK_MS;
    const readings = await tx.query<{ value: number; at: string | Date }>(
      `SELECT value, created AS at FROM measurement
       WHERE pod_id = $1 AND sensor_type = $2 AND created > $3 ORDER BY created`,
      [podId, sensorType, new Date(since).toISOString()],
    );
    if (readings.length === 0) continue;
    const result = evaluateAll(
      {
        condition: rule.condition,
        threshold: Number(rule.threshold_value),
        severity: rule.severity,
        delayMinutes: rule.delay_minutes,
        clearLevel: rule.clear_level === null ? null : Number(rule.clear_level),
      },
      readings.map((r) => ({ value: Number(r.value), at: new Date(r.at).getTime() })),
      state,
      { marginPercent: Number(rule.margin), cooldownMinutes: Number(rule.cooldown) },
    );
    let lastMailAt = row?.last_mail_at ? new Date(row.last_mail_at).getTime() : null;
    const cooldownMs = Number(rule.cooldown) * 60_000;
    for (const e of result.events) {
      const raised = await raise(tx, {
        groupId: rule.group_id,
        clientId: rule.client_id,
        podId,
        sensorId: rule.sensor_id,
        ruleId: rule.id,
        value: e.value,
        type: e.kind,
        severity: e.severity,
        readingAt: new Date(e.at),
      });
      if (!raised) continue;
      notified.push(...raised.recipients.map((r) => r.userId));
      // HIGH alerts are mailed too, at most once per rule and pod per cooldown (reading time).
      // A folded alert is in the flood's summary: a mail per folded alert would be the flood again.
      if (e.kind !== 'ALERT' || e.severity !== 'HIGH' || raised.folded) continue;
      if (lastMailAt !== null && e.at - lastMailAt < cooldownMs) continue;
      lastMailAt = e.at;
      const facts = {
        ruleTitle: rule.title,
        action: rule.action,
        podTitle: rule.pod_title,
        sensorTitle: rule.sensor_title,
        condition: rule.condition,
        threshold: Number(rule.threshold_value),
        value: e.value,
        readingAt: e.at,
      };
      for (const to of raised.recipients) await enqueueMail(tx, alertMail(to, facts, opts.alertsUrl));
    }
    await tx.query(
      `INSERT INTO rule_episode (rule_id, pod_id, state, last_mail_at) VALUES ($1, $2, $3::jsonb, $4)
       ON CONFLICT (rule_id, pod_id) DO UPDATE SET state = excluded.state, last_mail_at = excluded.last_mail_at,
         updated = now()`,
      [rule.id, podId, JSON.stringify(result.state), lastMailAt === null ? null : new Date(lastMailAt).toISOString()],
    );
  }
  return notified;
}
