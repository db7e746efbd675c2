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
 * Claims queued pods and runs every rule that applies to them (each pod's own, and any an Alert row binds
 * to it) over the readings of its sensor type not evaluated yet, in one transaction: the claim, the
 * notifications and the new episode states commit together, so a crash redoes the work and the unique
 * (rule, pod, type, reading time) index keeps it from raising anything twice. Answers how many queue rows
 * it took, so a caller can run it again until the queue is empty.
 *
 * Fairness: a claim reads at most READINGS_PER_PAIR readings of a pod and sensor type (a pair) and
 * READINGS_PER_CLAIM in all, and raises at most NOTIFICATIONS_PER_CLAIM notifications; a pod with work left
 * is queued again, behind every pod already waiting, so one pod's flood is worked off in short turns
 * between everyone else's.
 *
 * Performance (bench/rules, bench/soak): the statements are per claim, not per rule or pair: one for the
 * rules of every pod, two for their episode rows (create, lock), one for the readings of as many pairs as
 * the reading budget covers (shared by each pair's rules), one for the new states. Only a notification
 * costs statements of its own. A claim takes every queued row of its pods, so a backlog costs one
 * evaluation per pod, not one per batch that queued it.
 */
export async function evaluateQueued(db: Database, opts: WorkerOptions): Promise<number> {
  const memo = newRaiseMemo();
  const taken = await db.transaction(async (tx) => {
    // The oldest rows pick the pods; every row of those pods goes with them, since one evaluation reads all
    // of a pod's new readings. Rows another instance holds are skipped (it evaluates those pods).
    const claimed = await tx.query<{ pod_id: number }>(
      `WITH picked AS (
         SELECT pod_id FROM rule_evaluation_queue ORDER BY id LIMIT ${CLAIM} FOR UPDATE SKIP LOCKED
       ), taken AS (
         SELECT q.id FROM rule_evaluation_queue q WHERE q.pod_id IN (SELECT pod_id FROM picked)
         FOR UPDATE SKIP LOCKED
       )
       DELETE FROM rule_evaluation_queue WHERE id IN (SELECT id FROM taken)
       RETURNING pod_id`,
    );
    if (claimed.length === 0) return 0;
    const pods = [...new Set(claimed.map((c) => c.pod_id))];
    const notified = await notePresence(tx, pods, memo);
    const rules = await rulesOf(tx, pods);
    const episodes = await lockEpisodes(tx, rules);
    const next: { ruleId: number; podId: number; state: EpisodeState; lastMailAt: string | null }[] = [];
    // Pods with work left, queued again.
    const left = new Set<number>();
    const budget = { notifications: NOTIFICATIONS_PER_CLAIM, readings: READINGS_PER_CLAIM };
    const episodeOf = (r: RuleRow): Episode =>
      episodes.get(`${r.id} ${r.pair_pod_id}`) ?? { state: INITIAL_STATE, lastMailAt: null };
    const todo = pairsOf(rules);
    // Pairs are read a few at a time, as many as the claim's reading budget still covers at a full pair each:
    // one statement for most claims, and never more readings than the budget.
    while (todo.length > 0) {
      if (budget.readings <= 0 || budget.notifications <= 0) {
        for (const p of todo) left.add(p.pod_id);
        break;
      }
      const chunk = todo.splice(0, Math.max(1, Math.floor(budget.readings / READINGS_PER_PAIR)));
      const readings = await readingsSince(
        tx,
        chunk.map((p) => ({ ...p, since: Math.min(...p.rules.map((r) => episodeOf(r).state.lastAt ?? firstLook(r))) })),
      );
      for (const pair of chunk) {
        const own = readings.get(pair.key);
        if (!own) continue;
        budget.readings -= own.length;
        if (own.length >= READINGS_PER_PAIR) left.add(pair.pod_id);
        for (const rule of pair.rules) {
          const result = await evaluateRule(tx, rule, pair.pod_id, own, episodeOf(rule), opts, budget, memo);
          if (!result.complete) left.add(pair.pod_id);
          notified.push(...result.notified);
          next.push({
            ruleId: rule.id,
            podId: pair.pod_id,
            state: result.state,
            lastMailAt: result.lastMailAt === null ? null : new Date(result.lastMailAt).toISOString(),
          });
        }
      }
    }
    // Queued again after everything already waiting: the next claims take the other pods first.
    if (left.size > 0)
      await enqueueEvaluation(
        tx,
        [...left].map((podId) => ({ podId })),
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
  return taken;
}

/** Where a rule met for the first time on a pod starts: the last hour, and not before it was active there. */
const firstLook = (rule: RuleRow) => Math.max(Date.now() - FIRST_LOOK_BACK_MS, Number(rule.active_from) - 1);

/**
 * Every rule of the claimed pods, each with the pair it is evaluated on (the pod, its sensor's type): the
 * pod's own rules, and those an Alert row binds to it.
 */
async function rulesOf(tx: Queryable, pods: readonly number[]) {
  return tx.query<RuleRow>(
    `WITH pods AS (SELECT unnest($1::int[]) AS pod_id),
     -- Two indexed joins, not one join on an OR (which compared every rule with every pod).
     bound AS (
       SELECT pod_id, rule_id, min(since) AS since FROM (
         SELECT pd.pod_id, r.id AS rule_id, r.created AS since FROM pods pd JOIN rule r ON r.pod_id = pd.pod_id
         UNION ALL
         SELECT pd.pod_id, a.rule_id, a.created FROM pods pd JOIN alert a ON a.pod_id = pd.pod_id
       ) x GROUP BY pod_id, rule_id
     )
     SELECT b.pod_id AS pair_pod_id, s.type AS pair_sensor_type,
            r.id, r.group_id, r.client_id, r.sensor_id, r.title, r.action, p.title AS pod_title,
            s.title AS sensor_title, r.condition, r.threshold_value, r.severity, r.delay_minutes, r.clear_level,
            coalesce(c.notification_margin, ${DEFAULT_NOTIFICATION_MARGIN})::float8 AS margin,
            coalesce(c.notification_cooldown, ${DEFAULT_NOTIFICATION_COOLDOWN}) AS cooldown,
            (extract(epoch FROM b.since) * 1000)::float8 AS active_from
     FROM bound b
     JOIN rule r ON r.id = b.rule_id
     JOIN sensor s ON s.id = r.sensor_id
     JOIN pod p ON p.id = b.pod_id
     LEFT JOIN configuration c ON c.client_id = p.client_id AND c.active
     ORDER BY b.pod_id, s.type, r.id`,
    [pods],
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

type PairWork = { key: string; pod_id: number; sensor_type: string; rules: RuleRow[] };

/** The pairs (pod, sensor type) the claimed pods have rules on, each with its rules, in the rules' order (pod, then type). */
function pairsOf(rules: readonly RuleRow[]): PairWork[] {
  const byKey = new Map<string, PairWork>();
  for (const r of rules) {
    const key = `${r.pair_pod_id} ${r.pair_sensor_type}`;
    const pair = byKey.get(key) ?? { key, pod_id: r.pair_pod_id, sensor_type: r.pair_sensor_type, rules: [] };
    pair.rules.push(r);
    byKey.set(key, pair);
  }
  return [...byKey.values()];
}

/**
 * The readings of these pod and sensor type pairs after each pair's earliest point any of its rules has
 * evaluated to (or looks back to, met the first time), by pair (`pod type`), in time order; each rule
 * then skips what it has seen already. One statement for all the pairs.
 */
async function readingsSince(
  tx: Queryable,
  pairs: readonly { pod_id: number; sensor_type: string; since: number }[],
): Promise<Map<string, Reading[]>> {
  // Performance (bench/rules-profile): one JSON text per pair, not a row per reading; on PGlite the rows'
  // trip out of the database cost more than reading them.
  // At most READINGS_PER_PAIR of each pair, the oldest first: the rest waits for the pair's next turn.
  const rows = await tx.query<{ pod_id: number; sensor_type: string; readings: string }>(
    `SELECT w.pod_id, w.sensor_type,
            '[' || string_agg(m.value::text || ',' || ((extract(epoch FROM m.created) * 1000)::float8)::text, ','
                              ORDER BY m.created) || ']' AS readings
     FROM unnest($1::int[], $2::text[], $3::timestamptz[]) AS w(pod_id, sensor_type, since)
     CROSS JOIN LATERAL (
       SELECT value, created FROM measurement
       WHERE pod_id = w.pod_id AND sensor_type = w.sensor_type AND created > w.since
       ORDER BY created LIMIT ${READINGS_PER_PAIR}
     ) m
     GROUP BY w.pod_id, w.sensor_type`,
    [pairs.map((p) => p.pod_id), pairs.map((p) => p.sensor_type), pairs.map((p) => new Date(p.since).toISOString())],
  );
  const byPair = new Map<string, Reading[]>();
  for (const r of rows) {
    // value, time, value, time, ... (text of float8 round-trips exactly).
    const flat = JSON.parse(r.readings) as number[];
    const list: Reading[] = [];
    for (let i = 0; i < flat.length; i += 2) list.push({ value: flat[i] as number, at: flat[i + 1] as number });
    byPair.set(`${r.pod_id} ${r.sensor_type}`, list);
  }
  return byPair;
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
