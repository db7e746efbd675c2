import {
  getResource,
  type ParsedDataTableParams,
  type Scope,
  type SensorType,
  TIP_SEARCH_FIELDS,
  TIP_SORT_KEYS,
  type TipCard,
  type TipReason,
  type TipUrgency,
  tipReasonText,
} from '@greenpod/contracts';
import { listPlacedAlertCards } from '../alert-cards/card-queries';
import { buildListSql, type ListSource } from '../crud/list-query';
import { type ListLimits, readListPage } from '../crud/list-total';
import { resourceListSource } from '../crud/resource-list';
import { compileSelect, scopeClause } from '../crud/select';
import type { Database, Queryable, SqlParam } from '../db/database';

const tip = getResource('tip');

/**
 * The tips page's list (docs/api.md#tips): the tip resource's select and columns, with its own whitelists:
 * search on title, description and location; filter on the location; sort by title, location or date.
 */
function tipSource(): ListSource {
  const base = resourceListSource(tip);
  return {
    ...base,
    searchable: ['title', 'description'],
    searchFields: TIP_SEARCH_FIELDS,
    filters: { locationId: 'id' },
    sortable: TIP_SORT_KEYS,
    defaultSort: { key: 'title', direction: 'ASC' },
  };
}

type TipRow = {
  id: number;
  title: string;
  description: string;
  locationId: number;
  locationTitle: string | null;
  tags: string[];
};

const URGENCY_RANK: Record<TipUrgency, number> = { exceeded: 2, close: 1 };

/**
 * What is close or exceeded right now, per location and sensor type: the alert cards' status (the rules
 * engine's episode, or the latest reading against the limit: alert-cards/card-status.ts), one reason per rule
 * and pod, exceeded ones first.
 */
async function urgentPlaces(db: Queryable, scope: Scope): Promise<Map<string, TipReason[]>> {
  const byPlace = new Map<string, TipReason[]>();
  for (const { locationId, card } of await listPlacedAlertCards(db, scope)) {
    if (card.status !== 'exceeded' && card.status !== 'close') continue;
    const key = placeKey(locationId, card.sensorType);
    const reasons = byPlace.get(key) ?? [];
    reasons.push({
      status: card.status,
      sensorType: card.sensorType,
      text: tipReasonText({ ...card, status: card.status }),
    });
    byPlace.set(key, reasons);
  }
  return byPlace;
}
const placeKey = (locationId: number, sensorType: string) => `${locationId}:${sensorType}`;

export interface TipQuery {
  /** Only tips carrying this tag. */
  tag?: SensorType | undefined;
  /** One tip (the article). */
  id?: number | undefined;
}

/**
 * A page of the caller's active tips (docs/domain.md#tips), read through the tip resource's scope clause:
 * tips carrying a tag that is exceeded on a rule in their location first, then those with one close, then
 * the rest, each group in the requested order (title A-Z by default). Each urgent tip says why.
 */
export async function listTips(
  db: Database,
  limits: ListLimits,
  scope: Scope,
  p: ParsedDataTableParams,
  query: TipQuery = {},
) {
  const urgent = await urgentPlaces(db, scope);
  const compiled = compileSelect(tip);
  const params: SqlParam[] = [];
  const where = ['t.active'];
  const clause = scopeClause(compiled, scope, params);
  if (clause) where.push(clause);
  if (query.tag !== undefined) {
    params.push(query.tag);
    where.push(`$${params.length} = ANY(t.tags)`);
  }
  if (query.id !== undefined) {
    params.push(query.id);
    where.push(`t.id = $${params.length}`);
  }
  let orderFirst: ((add: (v: SqlParam) => string) => string) | undefined;
  if (urgent.size > 0) {
    const places = [...urgent.entries()].map(([key, reasons]) => {
      const [locationId, sensorType] = key.split(':');
      return { locationId: Number(locationId), sensorType: sensorType ?? '', rank: worstRank(reasons) };
    });
    // Exceeded (2), close (1), the rest (0): the worst of the tip's tags in its location.
    orderFirst = (add) =>
      `coalesce((SELECT max(u.rank) FROM unnest(${add(places.map((u) => u.locationId))}::int[], ${add(
        places.map((u) => u.sensorType),
      )}::text[], ${add(places.map((u) => u.rank))}::int[]) AS u(location_id, sensor_type, rank)
        WHERE u.location_id = t.location_id AND u.sensor_type = ANY(t.tags)), 0) DESC`;
  }
  const sql = buildListSql(tipSource(), p, { where, params, ...(orderFirst ? { orderFirst } : {}) });
  const page = await readListPage<TipRow>(db, limits, sql);
  return { data: page.data.map((row) => toCard(row, urgent)), paging: page.paging };
}

const worstRank = (reasons: readonly TipReason[]) => Math.max(0, ...reasons.map((r) => URGENCY_RANK[r.status]));

function toCard(row: TipRow, urgent: Map<string, TipReason[]>): TipCard {
  const tags = row.tags as SensorType[];
  const seen = new Set<string>();
  const reasons = tags
    .flatMap((tag) => urgent.get(placeKey(row.locationId, tag)) ?? [])
    .sort((a, b) => URGENCY_RANK[b.status] - URGENCY_RANK[a.status])
    .filter((r) => !seen.has(r.text) && seen.add(r.text));
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    locationId: row.locationId,
    locationTitle: row.locationTitle ?? '',
    tags,
    urgency: reasons[0]?.status ?? null,
    reasons,
  };
}
