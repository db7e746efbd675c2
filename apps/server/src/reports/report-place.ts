import type { ReportAnswer, ReportLevel, Scope } from '@greenpod/contracts';
import { type PlaceFilter, podsUnderSql } from '../dashboard/dashboard-scope';
import type { Queryable, SqlParam } from '../db/database';
import { notFound } from '../http/errors';

/** A report's place: the narrowest level the filter names (checked to be in scope before). */
export function levelOf(place: PlaceFilter): { level: ReportLevel; id: number } | null {
  if (place.podId !== undefined) return { level: 'pod', id: place.podId };
  if (place.areaId !== undefined) return { level: 'area', id: place.areaId };
  if (place.locationId !== undefined) return { level: 'location', id: place.locationId };
  if (place.clientId !== undefined) return { level: 'client', id: place.clientId };
  return null;
}

const CHAIN: Record<ReportLevel, string> = {
  client: `SELECT c.id AS "clientId", c.title AS client, NULL AS location, NULL AS area, NULL AS pod
           FROM client c WHERE c.id = $1`,
  location: `SELECT c.id AS "clientId", c.title AS client, l.title AS location, NULL AS area, NULL AS pod
             FROM location l JOIN client c ON c.id = l.client_id WHERE l.id = $1`,
  area: `SELECT c.id AS "clientId", c.title AS client, l.title AS location, a.title AS area, NULL AS pod
         FROM area a JOIN location l ON l.id = a.location_id JOIN client c ON c.id = a.client_id WHERE a.id = $1`,
  pod: `SELECT c.id AS "clientId", c.title AS client, l.title AS location, a.title AS area, p.title AS pod
        FROM pod p JOIN area a ON a.id = p.area_id JOIN location l ON l.id = p.location_id
        JOIN client c ON c.id = p.client_id WHERE p.id = $1`,
};

/** The report's `scope`: the place's level, title and path from the client down. */
export async function reportScope(db: Queryable, place: PlaceFilter): Promise<ReportAnswer['scope']> {
  const at = levelOf(place);
  if (!at) throw notFound('Place');
  const [row] = await db.query<{
    clientId: number;
    client: string;
    location: string | null;
    area: string | null;
    pod: string | null;
  }>(CHAIN[at.level], [at.id]);
  if (!row) throw notFound('Place');
  const names = [row.client, row.location, row.area, row.pod].filter((x): x is string => x !== null);
  return { level: at.level, id: at.id, title: names.at(-1) ?? '', path: names.join(' / '), clientId: row.clientId };
}

/** A pod whose use the report counts, with what turns its readings into kWh and litres. */
export type ReportPod = {
  id: number;
  title: string;
  areaId: number;
  areaTitle: string;
  locationId: number;
  locationTitle: string;
  country: string;
  city: string;
  /** kWh per unit of an electricity reading: voltage x multiplier / 1000 (docs/domain.md#consumption). */
  kwhPerReading: number;
  /** Litres per unit of a water flow reading: the multiplier. */
  litresPerReading: number;
};

/**
 * The pods of the place the caller sees whose use is the building's: outdoor pods measure the weather and stay
 * out (unless the report is of that pod, or of an area of outdoor pods only). Voltage and multiplier come from the
 * pod's newest tariff of the sensor type, else the pod's voltage and 1.
 */
export async function reportPods(db: Queryable, scope: Scope, place: PlaceFilter): Promise<ReportPod[]> {
  const params: SqlParam[] = [];
  const pods = podsUnderSql(scope, place, params, { indoorOnly: true });
  const newest = (type: string, expr: string) =>
    `(SELECT ${expr} FROM tariff t WHERE t.pod_id = p.id AND t.sensor_type = '${type}' ORDER BY t.id DESC LIMIT 1)`;
  const rows = await db.query<ReportPod>(
    `SELECT p.id, p.title, p.area_id AS "areaId", a.title AS "areaTitle", p.location_id AS "locationId",
       l.title AS "locationTitle", l.country, l.city,
       (coalesce(${newest('ELECTRICITY', 'coalesce(t.voltage, p.voltage) * t.multiplier')}, p.voltage) / 1000.0)::float8
         AS "kwhPerReading",
       coalesce(${newest('WATER_FLOW', 't.multiplier')}, 1)::float8 AS "litresPerReading"
     FROM pod p JOIN area a ON a.id = p.area_id JOIN location l ON l.id = p.location_id
     WHERE p.id IN (${pods})
     ORDER BY l.title, a.title, p.title, p.id`,
    params,
  );
  return rows.map((r) => ({
    ...r,
    kwhPerReading: Number(r.kwhPerReading),
    litresPerReading: Number(r.litresPerReading),
  }));
}

/** The client's active configuration: prices, standing charge, grid factor and currency (docs/domain.md#consumption). */
export type ReportPrices = {
  currency: string;
  electricity: number | null;
  water: number | null;
  standingCharge: number | null;
  gridFactor: number | null;
};

export async function reportPrices(db: Queryable, clientId: number): Promise<ReportPrices> {
  const [row] = await db.query<ReportPrices>(
    `SELECT currency, electricity_tariff AS electricity, water_tariff AS water, standing_charge AS "standingCharge",
       grid_factor AS "gridFactor"
     FROM configuration WHERE client_id = $1 AND active`,
    [clientId],
  );
  // Without a configuration there is no price: the costs are N/A rather than made up.
  return row ?? { currency: '', electricity: null, water: null, standingCharge: null, gridFactor: null };
}
