import { DEFAULT_NOTIFICATION_COOLDOWN, DEFAULT_NOTIFICATION_MARGIN, effectiveCooldown } from '@greenpod/contracts';
import type { Database, Queryable } from '../db/database';
import { enqueueMail } from '../mail/mail-queue';
import { announce } from '../notifications/delivery';
import { enqueueEvaluation } from '../telemetry/evaluation-queue';
import { alertMail } from './alert-mail';
import { type EngineRule, type EpisodeState, evaluateAll, INITIAL_STATE } from './episode';
import { notePresence } from './presence';
import { newRaiseMemo, type RaiseMemo, raise } from './raise';

const CLAIM = 500;
// Bounds on one transaction's work (issue 16: one pod's flood held the engine, and on PGlite every other
// query, for 90 s). What a claim leaves undone goes back to the end of the queue, behind the other pods.
// Each notification costs a handful of statements, so these keep a transaction well under a second.
const NOTIFICATIONS_PER_CLAIM = 5;
const READINGS_PER_PAIR = 500;
const READINGS_PER_CLAIM = 5000;
// A rule met for the first time (new, or a server meeting old readings) looks back this far: far enough to
// see the episode a pod is in now, not so far that it reports a day of episodes long over. Never before the
// rule was active on the pod, though: a rule made at 18:30 does not report a breach of 17:30 as its own.
const FIRST_LOOK_BACK_MS = 3_600_000;

type RuleRow = {
  pair_pod_id: number;
  pair_sensor_type: string;
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
  /** When the rule became active on the pod (ms): its creation, or the Alert row's for a bound pod. */
  active_from: number;
};
type Episode = { state: EpisodeState; lastMailAt: number | null };
type Reading = { value: number; at: number };

export interface WorkerOptions {
  /** The alerts page's address, linked from alert mails. */
  alertsUrl: string;
  /** Hears what each claim raised, after its commit (the metrics). */
  onRaised?: (tally: RaiseMemo['tally']) => void;
}

/**
 * Claims queued pod/sensor pairs and runs every rule that applies to them (its own pod's, and any an
 * Alert row binds to the pod) over the readings not evaluated yet, in one transaction: the claim, the
 * notifications and the new episode states commit together, so a crash redoes the work and the unique
 * (rule, pod, type, reading time) index keeps it from raising anything twice. Answers how many pairs
 * it took, so a caller can run it again until the queue is empty.
 *
 * Fairness: a claim reads at most READINGS_PER_PAIR readings of a pair and READINGS_PER_CLAIM in all, and
 * raises at most NOTIFICATIONS_PER_CLAIM notifications; a pair with work left is queued again, behind
 * every pair already waiting, so one pod's flood is worked off in short turns between everyone else's.
 *
 * Performance (bench/rules): the statements are per claim, not per rule: one for the rules of every pair,
 * two for their episode rows (create, lock), one per pair for its readings (shared by its rules), one for
 * the new states. Only a notification costs statements of its own.
 */
export async function evaluateQueued(db: Database, opts: WorkerOptions): Promise<number> {
  const memo = newRaiseMemo();
  const claimedPairs = await db.transaction(async (tx) => {
    const claimed = await tx.query<{ pod_id: number; sensor_type: string }>(
      `DELETE FROM rule_evaluation_queue WHERE id IN (
         SELECT id FROM rule_evaluation_queue ORDER BY id LIMIT ${CLAIM} FOR UPDATE SKIP LOCKED)
       RETURNING pod_id, sensor_type`,
    );
    if (claimed.length === 0) return 0;
    const pairs = [...new Map(claimed.map((c) => [`${c.pod_id} ${c.sensor_type}`, c])).values()];
    const notified = await notePresence(tx, [...new Set(claimed.map((c) => c.pod_id))], memo);
    const rules = await rulesOf(tx, pairs);
    const episodes = await lockEpisodes(tx, rules);
    const next: { ruleId: number; podId: number; state: EpisodeState; lastMailAt: string | null }[] = [];
    const left = new Map<string, { pod_id: number; sensor_type: string }>();
    const budget = { notifications: NOTIFICATIONS_PER_CLAIM, readings: READINGS_PER_CLAIM };
    // A pod's readings are read once for all its claimed sensor types and rules (bench/rules).
    for (const podId of new Set(pairs.map((p) => p.pod_id))) {
      const podRules = rules.filter((r) => r.pair_pod_id === podId);
      if (podRules.length === 0) continue;
      const types = [...new Set(podRules.map((r) => r.pair_sensor_type))];
      if (budget.readings <= 0 || budget.notifications <= 0) {
        for (const type of types) left.set(`${podId} ${type}`, { pod_id: podId, sensor_type: type });
        continue;
      }
      const episodeOf = (r: RuleRow): Episode =>
        episodes.get(`${r.id} ${podId}`) ?? { state: INITIAL_STATE, lastMailAt: null };
      const readings = await readingsSince(
        tx,
        podId,
        types,
        podRules.map((r) => episodeOf(r).state.lastAt ?? firstLook(r)),
      );
      for (const [type, list] of readings) {
        budget.readings -= list.length;
        if (list.length >= READINGS_PER_PAIR) left.set(`${podId} ${type}`, { pod_id: podId, sensor_type: type });
      }
      for (const rule of podRules) {
        const own = readings.get(rule.pair_sensor_type);
        if (!own) continue;
        const result = await evaluateRule(tx, rule, podId, own, episodeOf(rule), opts, budget, memo);
        if (!result.complete)
          left.set(`${podId} ${rule.pair_sensor_type}`, { pod_id: podId, sensor_type: rule.pair_sensor_type });
        notified.push(...result.notified);
        next.push({
          ruleId: rule.id,
          podId,
          state: result.state,
          lastMailAt: result.lastMailAt === null ? null : new Date(result.lastMailAt).toISOString(),
        });
      }
    }
    // Queued again after everything already waiting: the next claims take the other pods' pairs first.
    if (left.size > 0)
      await enqueueEvaluation(
        tx,
        [...left.values()].map((p) => ({ podId: p.pod_id, sensorType: p.sensor_type })),
      );
    if (next.length > 0)
      await tx.query(
        `INSERT INTO rule_episode (rule_id, pod_id, state, last_mail_at)
         SELECT (e->>'ruleId')::int, (e->>'podId')::int, e->'state', (e->>'lastMailAt')::timestamptz
         FROM jsonb_array_elements($1::jsonb) e
         ON CONFLICT (rule_id, pod_id) DO UPDATE SET state = excluded.state, last_mail_at = excluded.last_mail_at,
           updated = now()`,
        [JSON.stringify(next)],
      );
    await announce(tx, notified);
    return claimed.length;
  });
  opts.onRaised?.(memo.tally);
  return claimedPairs;
}

/** Where a rule met for the first time on a pod starts: the last hour, and not before it was active there. */
const firstLook = (rule: RuleRow) => Math.max(Date.now() - FIRST_LOOK_BACK_MS, Number(rule.active_from) - 1);

/** Every rule of every claimed pair: the pod's own, and those an Alert row binds to it, on that sensor type. */
async function rulesOf(tx: Queryable, pairs: readonly { pod_id: number; sensor_type: string }[]) {
  return tx.query<RuleRow>(
    `WITH pairs AS (SELECT * FROM unnest($1::int[], $2::text[]) AS x(pod_id, sensor_type)),
     -- Two indexed joins, not one join on an OR (which compared every rule with every pair).
     bound AS (
       SELECT pod_id, sensor_type, rule_id, min(since) AS since FROM (
         SELECT pr.pod_id, pr.sensor_type, r.id AS rule_id, r.created AS since
         FROM pairs pr JOIN rule r ON r.pod_id = pr.pod_id
         UNION ALL
         SELECT pr.pod_id, pr.sensor_type, a.rule_id, a.created FROM pairs pr JOIN alert a ON a.pod_id = pr.pod_id
       ) x GROUP BY pod_id, sensor_type, rule_id
     )
     SELECT b.pod_id AS pair_pod_id, b.sensor_type AS pair_sensor_type,
            r.id, r.group_id, r.client_id, r.sensor_id, r.title, r.action, p.title AS pod_title,
            s.title AS sensor_title, r.condition, r.threshold_value, r.severity, r.delay_minutes, r.clear_level,
            coalesce(c.notification_margin, ${DEFAULT_NOTIFICATION_MARGIN})::float8 AS margin,
            coalesce(c.notification_cooldown, ${DEFAULT_NOTIFICATION_COOLDOWN}) AS cooldown,
            (extract(epoch FROM b.since) * 1000)::float8 AS active_from
     FROM bound b
     JOIN rule r ON r.id = b.rule_id
     JOIN sensor s ON s.id = r.sensor_id AND s.type = b.sensor_type
     JOIN pod p ON p.id = b.pod_id
     LEFT JOIN configuration c ON c.client_id = p.client_id AND c.active
     ORDER BY b.pod_id, b.sensor_type, r.id`,
    [pairs.map((p) => p.pod_id), pairs.map((p) => p.sensor_type)],
  );
}

/**
 * The episode rows of these rules and pods, created if new and locked, in a fixed order: two instances
 * evaluating one pair take turns, even the first time.
 */
async function lockEpisodes(tx: Queryable, rules: readonly RuleRow[]): Promise<Map<string, Episode>> {
  if (rules.length === 0) return new Map();
  const keys = JSON.stringify(rules.map((r) => ({ ruleId: r.id, podId: r.pair_pod_id })));
  await tx.query(
    `INSERT INTO rule_episode (rule_id, pod_id, state)
     SELECT (e->>'ruleId')::int, (e->>'podId')::int, $2::jsonb FROM jsonb_array_elements($1::jsonb) e
     ORDER BY 1, 2
     ON CONFLICT DO NOTHING`,
    [keys, JSON.stringify(INITIAL_STATE)],
  );
  const rows = await tx.query<{
    rule_id: number;
    pod_id: number;
    state: EpisodeState;
    last_mail_at: Date | string | null;
  }>(
    `SELECT re.rule_id, re.pod_id, re.state, re.last_mail_at FROM rule_episode re
     JOIN (SELECT DISTINCT (e->>'ruleId')::int AS rule_id, (e->>'podId')::int AS pod_id
           FROM jsonb_array_elements($1::jsonb) e) k ON k.rule_id = re.rule_id AND k.pod_id = re.pod_id
     ORDER BY re.rule_id, re.pod_id FOR UPDATE OF re`,
    [keys],
  );
  return new Map(
    rows.map((r) => [
      `${r.rule_id} ${r.pod_id}`,
      { state: r.state, lastMailAt: r.last_mail_at ? new Date(r.last_mail_at).getTime() : null },
    ]),
  );
}

/**
 * A pod's readings of these sensor types after the earliest point any of the rules has evaluated to (or
 * looks back to, met the first time), by sensor type, in time order; each rule then skips what it has
 * seen already.
 */
async function readingsSince(tx: Queryable, podId: number, types: readonly string[], froms: readonly number[]) {
  const since = Math.min(...froms);
  // Performance (bench/rules-profile): one JSON text per sensor type, not a row per reading; on PGlite
  // the rows' trip out of the database cost more than reading them.
  // At most READINGS_PER_PAIR of each type, the oldest first: the rest waits for the pair's next turn.
  const rows = await tx.query<{ sensor_type: string; readings: string }>(
    `SELECT t.sensor_type,
            '[' || string_agg(m.value::text || ',' || ((extract(epoch FROM m.created) * 1000)::float8)::text, ','
                              ORDER BY m.created) || ']' AS readings
     FROM unnest($3::text[]) AS t(sensor_type)
     CROSS JOIN LATERAL (
       SELECT value, created FROM measurement
       WHERE pod_id = $1 AND sensor_type = t.sensor_type AND created > $2
       ORDER BY created LIMIT ${READINGS_PER_PAIR}
     ) m
     GROUP BY t.sensor_type`,
    [podId, new Date(since).toISOString(), types],
  );
  const byType = new Map<string, Reading[]>();
  for (const r of rows) {
    // value, time, value, time, ... (text of float8 round-trips exactly).
    const flat = JSON.parse(r.readings) as number[];
    const list: Reading[] = [];
    for (let i = 0; i < flat.length; i += 2) list.push({ value: flat[i] as number, at: flat[i + 1] as number });
    byType.set(r.sensor_type, list);
  }
  return byType;
}

/** One rule on one pod over its sensor type's readings: raises its steps, queues its mails, answers its new state. */
async function evaluateRule(
  tx: Queryable,
  rule: RuleRow,
  podId: number,
  readings: readonly Reading[],
  episode: Episode,
  opts: WorkerOptions,
  budget: { notifications: number },
  memo: RaiseMemo,
) {
  const notified: number[] = [];
  const state = episode.state;
  // A rule met for the first time looks back to firstLook only; evaluateAll skips what it has seen.
  const from = firstLook(rule);
  const own = state.lastAt === null ? readings.filter((r) => r.at > from) : readings;
  const result = evaluateAll(
    {
      condition: rule.condition,
      threshold: Number(rule.threshold_value),
      severity: rule.severity,
      delayMinutes: rule.delay_minutes,
      clearLevel: rule.clear_level === null ? null : Number(rule.clear_level),
    },
    own,
    state,
    { marginPercent: Number(rule.margin), cooldownMinutes: Number(rule.cooldown) },
    Math.max(budget.notifications, 0),
  );
  budget.notifications -= result.events.length;
  let lastMailAt = episode.lastMailAt;
  const cooldownMs = effectiveCooldown(Number(rule.cooldown)) * 60_000;
  for (const e of result.events) {
    const raised = await raise(
      tx,
      {
        groupId: rule.group_id,
        clientId: rule.client_id,
        podId,
        sensorId: rule.sensor_id,
        ruleId: rule.id,
        value: e.value,
        threshold: Number(rule.threshold_value),
        type: e.kind,
        severity: e.severity,
        readingAt: new Date(e.at),
      },
      memo,
    );
    if (!raised) continue;
    notified.push(...raised.recipients.map((r) => r.userId));
    // HIGH alerts are mailed too, at most once per rule and pod per cooldown (reading time). A folded
    // alert is in the flood's summary: a mail per folded alert would be the flood again.
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
  return { state: result.state, lastMailAt, notified, complete: result.complete };
}
