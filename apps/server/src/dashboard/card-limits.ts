import { type Condition, DEFAULT_NOTIFICATION_MARGIN, type Limit, type Scope } from '@greenpod/contracts';
import type { Queryable, SqlParam } from '../db/database';
import type { CardLevel } from './cards';
import { visibleIds } from './dashboard-scope';

export interface CardLimit extends Limit {
  sensorType: string;
}
export interface CardLimits {
  /** The client's notification margin, percent of a threshold (docs/domain.md#rules). */
  margin: number;
  limits: CardLimit[];
}

// Which pod column places a pod in a card of each level.
const POD_COLUMN: Record<CardLevel, string> = { location: 'location_id', area: 'area_id', pod: 'id' };

/**
 * The rules that apply to the visible pods of each card (a rule on its own pod, or bound to another
 * by an alert), one per sensor type, condition and threshold: the web colours each gauge with them.
 */
export async function cardLimits(
  db: Queryable,
  scope: Scope,
  level: CardLevel,
  cardIds: number[],
): Promise<Map<number, CardLimits>> {
  const byCard = new Map<number, CardLimits>();
  if (cardIds.length === 0) return byCard;
  const params: SqlParam[] = [];
  const visible = visibleIds(scope, params);
  params.push(cardIds);
  const rows = await db.query<{
    card: number;
    sensorType: string;
    condition: Condition;
    threshold: number;
    margin: number | null;
  }>(
    `WITH bound AS (SELECT id AS rule_id, pod_id FROM rule UNION SELECT rule_id, pod_id FROM alert)
     SELECT DISTINCT p.${POD_COLUMN[level]} AS card, s.type AS "sensorType", r.condition,
            r.threshold_value AS threshold, c.notification_margin AS margin
     FROM bound b
     JOIN pod p ON p.id = b.pod_id
     JOIN rule r ON r.id = b.rule_id
     JOIN sensor s ON s.id = r.sensor_id
     LEFT JOIN configuration c ON c.client_id = p.client_id
     WHERE p.${POD_COLUMN[level]} = ANY($${params.length}::int[]) AND p.id IN (${visible.pods()})
     ORDER BY 1, 2, 3, 4`,
    params,
  );
  for (const id of cardIds) byCard.set(id, { margin: DEFAULT_NOTIFICATION_MARGIN, limits: [] });
  for (const row of rows) {
    const entry = byCard.get(row.card);
    if (!entry) continue;
    entry.margin = row.margin ?? DEFAULT_NOTIFICATION_MARGIN;
    entry.limits.push({
      sensorType: row.sensorType,
      condition: row.condition,
      threshold: Number(row.threshold),
    });
  }
  return byCard;
}
