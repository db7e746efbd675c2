import {
  type AlertCard,
  type Condition,
  DEFAULT_NOTIFICATION_COOLDOWN,
  DEFAULT_NOTIFICATION_MARGIN,
  effectiveCooldown,
  formatWireTime,
  type Scope,
} from '@greenpod/contracts';
import type { EpisodeState } from '../alerts/episode';
import { type PlaceFilter, podsUnderSql } from '../dashboard/dashboard-scope';
import type { Database, Queryable, SqlParam } from '../db/database';
import { dateOnlySql, wireTimeSql } from '../db/wire-time-sql';
import { cardStatus, statusRank } from './card-status';

type CardRow = {
  locationId: number;
  ruleId: number;
  podId: number;
  title: string;
  podTitle: string;
  areaTitle: string;
  locationTitle: string;
  sensorType: AlertCard['sensorType'];
  condition: Condition;
  threshold: number;
  severity: AlertCard['severity'];
  action: string;
  voltage: number;
  margin: number;
  cooldown: number;
  episode: EpisodeState | null;
  currentValue: number | null;
  currentAt: string | null;
  goalAmount: number | null;
  currency: NonNullable<AlertCard['goal']>['currency'] | null;
  goalPeriod: NonNullable<AlertCard['goal']>['period'] | null;
  savingsAmount: number | null;
  savingsPeriodStart: string | null;
  lastBreachAt: string | null;
  ackAt: string | null;
  ackUserId: number | null;
  ackName: string | null;
};

export interface CardFilter extends PlaceFilter {
  /** One card: this rule on podId. */
  ruleId?: number | undefined;
}

/**
 * The alert cards of the pods a caller sees (docs/domain.md#rules): every rule on its own pod and on each
 * pod an Alert row binds it to, for active pods in scope. One statement: the latest reading of the
 * pod and the rule's sensor type, the engine's episode state, the newest tariff of that pod and type
 * (goal) with the latest saving, the latest ALERT (last breach) and the acknowledgement of the open
 * episode, if any. Exceeded cards come first, then close, then OK; by rule and pod title within.
 */
export async function listAlertCards(db: Queryable, scope: Scope, filter: CardFilter = {}): Promise<AlertCard[]> {
  return (await listPlacedAlertCards(db, scope, filter)).map((c) => c.card);
}

/** An alert card with the location of its pod (which the card itself names by title only). */
export interface PlacedAlertCard {
  locationId: number;
  card: AlertCard;
}

/** The alert cards as listAlertCards orders them, each with its pod's location (the tips page, docs/domain.md#tips). */
export async function listPlacedAlertCards(
  db: Queryable,
  scope: Scope,
  filter: CardFilter = {},
): Promise<PlacedAlertCard[]> {
  const params: SqlParam[] = [];
  const pods = podsUnderSql(scope, filter, params);
  let ruleClause = '';
  if (filter.ruleId !== undefined) {
    params.push(filter.ruleId);
    ruleClause = `AND r.id = $${params.length}`;
  }
  const rows = await db.query<CardRow>(
    `WITH bound AS (SELECT id AS rule_id, pod_id FROM rule UNION SELECT rule_id, pod_id FROM alert)
     SELECT p.location_id AS "locationId", r.id AS "ruleId", p.id AS "podId", r.title, p.title AS "podTitle", ar.title AS "areaTitle",
            l.title AS "locationTitle", s.type AS "sensorType", r.condition, r.threshold_value AS threshold,
            r.severity, r.action, p.voltage,
            coalesce(c.notification_margin, ${DEFAULT_NOTIFICATION_MARGIN})::float8 AS margin,
            coalesce(c.notification_cooldown, ${DEFAULT_NOTIFICATION_COOLDOWN})::int AS cooldown,
            e.state AS episode,
            m.value AS "currentValue", ${wireTimeSql('m.created')} AS "currentAt",
            t.saving_flat AS "goalAmount", t.currency, t.type AS "goalPeriod",
            sv.value_flat AS "savingsAmount", ${dateOnlySql('sv.period_start')} AS "savingsPeriodStart",
            ${wireTimeSql('n.at')} AS "lastBreachAt",
            ${wireTimeSql('ack.created')} AS "ackAt", ack.user_id AS "ackUserId",
            nullif(trim(u.first_name || ' ' || u.last_name), '') AS "ackName"
     FROM bound b
     JOIN rule r ON r.id = b.rule_id
     JOIN pod p ON p.id = b.pod_id AND p.active
     JOIN area ar ON ar.id = p.area_id
     JOIN location l ON l.id = p.location_id
     JOIN sensor s ON s.id = r.sensor_id
     LEFT JOIN configuration c ON c.client_id = p.client_id AND c.active
     LEFT JOIN rule_episode e ON e.rule_id = r.id AND e.pod_id = p.id
     LEFT JOIN LATERAL (
       SELECT value, created FROM measurement
       WHERE pod_id = p.id AND sensor_type = s.type ORDER BY created DESC LIMIT 1
     ) m ON true
     LEFT JOIN LATERAL (
       SELECT id, saving_flat, currency, type FROM tariff
       WHERE pod_id = p.id AND sensor_type = s.type ORDER BY id DESC LIMIT 1
     ) t ON true
     LEFT JOIN LATERAL (
       SELECT value_flat, period_start FROM saving
       WHERE t.id IS NOT NULL AND pod_id = p.id AND sensor_type = s.type AND value_flat IS NOT NULL
       ORDER BY period_start DESC, id DESC LIMIT 1
     ) sv ON true
     LEFT JOIN LATERAL (
       SELECT coalesce(reading_at, created) AS at FROM notification
       WHERE rule_id = r.id AND pod_id = p.id AND type = 'ALERT' ORDER BY 1 DESC LIMIT 1
     ) n ON true
     LEFT JOIN alert_acknowledgement ack
       ON ack.rule_id = r.id AND ack.pod_id = p.id
      AND ack.episode_started_at = (e.state->'episode'->>'startedAt')::bigint
     LEFT JOIN app_user u ON u.id = ack.user_id
     WHERE p.id IN (${pods}) ${ruleClause}`,
    params,
  );
  const cards = rows.map((row) => ({ locationId: row.locationId, card: toCard(row) }));
  return cards.sort(
    ({ card: a }, { card: b }) =>
      statusRank(a.status) - statusRank(b.status) ||
      a.title.localeCompare(b.title) ||
      a.podTitle.localeCompare(b.podTitle) ||
      a.ruleId - b.ruleId ||
      a.podId - b.podId,
  );
}

function toCard(row: CardRow): AlertCard {
  const currentValue = row.currentValue === null ? null : Number(row.currentValue);
  const threshold = Number(row.threshold);
  const { status, episodeStartedAt } = cardStatus(
    row.episode,
    currentValue,
    { condition: row.condition, threshold },
    Number(row.margin),
  );
  const goal =
    row.goalAmount === null || row.currency === null || row.goalPeriod === null
      ? null
      : { amount: Number(row.goalAmount), currency: row.currency, period: row.goalPeriod };
  return {
    ruleId: row.ruleId,
    podId: row.podId,
    title: row.title,
    podTitle: row.podTitle,
    areaTitle: row.areaTitle,
    locationTitle: row.locationTitle,
    sensorType: row.sensorType,
    type: goal ? 'saving' : 'default',
    status,
    condition: row.condition,
    threshold,
    severity: row.severity,
    action: row.action,
    voltage: Number(row.voltage),
    current: currentValue === null || row.currentAt === null ? null : { value: currentValue, at: row.currentAt },
    goal,
    savings:
      goal && row.savingsAmount !== null && row.savingsPeriodStart !== null
        ? { amount: Number(row.savingsAmount), periodStart: row.savingsPeriodStart }
        : null,
    lastBreachAt: row.lastBreachAt,
    cooldown: { configured: Number(row.cooldown), minutes: effectiveCooldown(Number(row.cooldown)) },
    episodeStartedAt: episodeStartedAt === null ? null : formatWireTime(new Date(episodeStartedAt)),
    // The join already matched the open episode's start; a card with no open episode has none to show.
    acknowledgement:
      row.ackAt !== null && episodeStartedAt !== null
        ? { userId: row.ackUserId, name: row.ackName, at: row.ackAt }
        : null,
  };
}

export type AcknowledgeResult =
  | { kind: 'not-found' }
  | { kind: 'not-exceeded'; card: AlertCard }
  | { kind: 'no-episode'; card: AlertCard }
  | { kind: 'acknowledged'; card: AlertCard };

/**
 * Acknowledges the open, exceeded episode of a rule on a pod the caller sees (docs/domain.md#rules). The
 * episode row is locked for the transaction, so the engine cannot end the episode between the check and
 * the write. The first acknowledgement of an episode stands: a second one answers the card as it is.
 */
export async function acknowledgeAlert(
  db: Database,
  scope: Scope,
  ruleId: number,
  podId: number,
  userId: number,
): Promise<AcknowledgeResult> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM rule_episode WHERE rule_id = $1 AND pod_id = $2 FOR SHARE', [ruleId, podId]);
    const [card] = await listAlertCards(tx, scope, { ruleId, podId });
    if (!card) return { kind: 'not-found' };
    if (card.status !== 'exceeded') return { kind: 'not-exceeded', card };
    const [state] = await tx.query<{ startedAt: string | null }>(
      `SELECT state->'episode'->>'startedAt' AS "startedAt" FROM rule_episode WHERE rule_id = $1 AND pod_id = $2`,
      [ruleId, podId],
    );
    if (!card.episodeStartedAt || !state?.startedAt) return { kind: 'no-episode', card };
    await tx.query(
      `INSERT INTO alert_acknowledgement (rule_id, pod_id, episode_started_at, user_id)
       VALUES ($1, $2, $3::bigint, $4) ON CONFLICT DO NOTHING`,
      [ruleId, podId, state.startedAt, userId],
    );
    const [after] = await listAlertCards(tx, scope, { ruleId, podId });
    return { kind: 'acknowledged', card: after ?? card };
  });
}
