import { type AlertStatus, type LocationMarker, type Scope, worstState } from '@greenpod/contracts';
import { listPlacedAlertCards } from '../alert-cards/card-queries';
import { visibleIds } from '../dashboard/dashboard-scope';
import type { Queryable, SqlParam } from '../db/database';

type LocationRow = {
  id: number;
  title: string;
  city: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
};

/**
 * The locations a caller sees on the dashboards (docs/domain.md#scope: a binding below a location shows it),
 * by title, each with its point and how it stands: the worst status of the alert cards of its pods in scope,
 * as the alerts page judges them (alert-cards/card-status.ts), so the map and the alerts page never disagree.
 */
export async function listLocationMarkers(
  db: Queryable,
  scope: Scope,
  filter: { clientId?: number | undefined } = {},
): Promise<LocationMarker[]> {
  const params: SqlParam[] = [];
  const where = [`t.id IN (${visibleIds(scope, params).locations()})`];
  if (filter.clientId !== undefined) {
    params.push(filter.clientId);
    where.push(`t.client_id = $${params.length}`);
  }
  const [rows, cards] = await Promise.all([
    db.query<LocationRow>(
      `SELECT t.id, t.title, t.city, t.country, t.latitude, t.longitude
       FROM location t WHERE ${where.join(' AND ')} ORDER BY t.title, t.id`,
      params,
    ),
    listPlacedAlertCards(db, scope, filter),
  ]);
  const statuses = new Map<number, AlertStatus[]>();
  for (const { locationId, card } of cards) {
    if (card.status === null) continue;
    statuses.set(locationId, [...(statuses.get(locationId) ?? []), card.status]);
  }
  return rows.map((row) => {
    const judged = statuses.get(row.id) ?? [];
    const count = (status: AlertStatus) => judged.filter((s) => s === status).length;
    return {
      id: row.id,
      title: row.title,
      city: row.city,
      country: row.country,
      point:
        row.latitude === null || row.longitude === null
          ? null
          : { latitude: Number(row.latitude), longitude: Number(row.longitude) },
      state: judged.length === 0 ? null : worstState(judged),
      openAlerts: count('exceeded'),
      closeAlerts: count('close'),
    };
  });
}
