import { type Condition, DEFAULT_NOTIFICATION_MARGIN, type Limit, type Scope } from '@greenpod/contracts';
import type { Queryable, SqlParam } from '../db/database';
import { type CardLevel, cardLevelOf } from './cards';
import { type PlaceFilter, podsUnderWhere } from './dashboard-scope';

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
 * The rules that apply to the visible pods of each card the filter lists (a rule on its own pod, or bound to
 * another by an alert), one per sensor type, condition and threshold: the web colours each gauge with them.
 * It reads every card of the filter, not one page: so it needs no card ids and runs beside listCards, which
 * saves the cards a round trip. A card none of whose pods has a rule is absent.
 */
export async function cardLimits(db: Queryable, scope: Scope, filter: PlaceFilter): Promise<Map<number, CardLimits>> {
  const byCard = new Map<number, CardLimits>();
  const params: SqlParam[] = [];
  const pods = podsUnderWhere(scope, filter, params);
  const rows = await db.query<{
    card: number;
    sensorType: string;
    condition: Condition;
    threshold: number;
    margin: number | null;
  }>(
    `WITH bound AS (SELECT id AS rule_id, pod_id FROM rule UNION SELECT rule_id, pod_id FROM alert)
     SELECT DISTINCT t.${POD_COLUMN[cardLevelOf(filter)]} AS card, s.type AS "sensorType", r.condition,
            r.threshold_value AS threshold, c.notification_margin AS margin
     FROM bound b
     JOIN pod t ON t.id = b.pod_id
     JOIN rule r ON r.id = b.rule_id
     JOIN sensor s ON s.id = r.sensor_id
     LEFT JOIN configuration c ON c.client_id = t.client_id
     WHERE ${pods}
     ORDER BY 1, 2, 3, 4`,
    params,
  );
  for (const row of rows) {
    let entry = byCard.get(row.card);
    if (!entry) {
      entry = { margin: row.margin ?? DEFAULT_NOTIFICATION_MARGIN, limits: [] };
      byCard.set(row.card, entry);
    }
    entry.limits.push({
      sensorType: row.sensorType,
      condition: row.condition,
      threshold: Number(row.threshold),
    });
  }
  return byCard;
}
