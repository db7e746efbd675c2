import { SAVING_UNIT, type SavingSensorType } from '@greenpod/contracts';
import { withAdvisoryLock } from '../db/advisory-lock';
import type { Database, Queryable, SqlParam } from '../db/database';
import { type BaselineModel, fitBaseline } from './model';
import { storeSavingDays } from './saving-days';
import { type SavingDetail, savingFigures } from './saving-figures';
import { type InputPod, readDayRecords } from './savings-inputs';
import {
  addDays,
  catchUpFrom,
  closedSavingPeriods,
  type SavingPeriod,
  type SavingType,
  timeRangeText,
} from './savings-periods';

/**
 * Computing savings (docs/domain.md#savings): for a tariff, every closed period of the last 12 months (from the
 * pod's first reading on) that has no saving yet. Idempotent: the saving table's unique key and ON CONFLICT DO
 * NOTHING make a second run, or a second instance, change nothing.
 */
export type TariffForSavings = {
  id: number;
  groupId: number;
  clientId: number;
  podId: number;
  podTitle: string;
  areaId: number;
  locationId: number;
  sensorType: SavingSensorType;
  type: SavingType;
  value: number;
  savingFlat: number;
  currency: string;
  multiplier: number;
  voltage: number;
  baselineFrom: string | null;
  baselineTo: string | null;
  /** Money per kWh or litre from the client's configuration; null without one. */
  price: number | null;
};

/** The tariffs savings are computed for: per pod, sensor type and period type, the newest one. */
export async function loadTariffs(
  db: Queryable,
  filter: { podIds?: number[]; sensorType?: string; type?: string } = {},
): Promise<TariffForSavings[]> {
  const params: SqlParam[] = [];
  const where = [`t.sensor_type IN ('ELECTRICITY', 'WATER_FLOW')`];
  if (filter.podIds) {
    params.push(filter.podIds);
    where.push(`t.pod_id = ANY($${params.length}::int[])`);
  }
  if (filter.sensorType) {
    params.push(filter.sensorType);
    where.push(`t.sensor_type = $${params.length}`);
  }
  if (filter.type) {
    params.push(filter.type);
    where.push(`t.type = $${params.length}`);
  }
  return db.query<TariffForSavings>(
    `SELECT DISTINCT ON (t.pod_id, t.sensor_type, t.type)
       t.id, t.group_id AS "groupId", t.client_id AS "clientId", t.pod_id AS "podId", p.title AS "podTitle",
       p.area_id AS "areaId", p.location_id AS "locationId", t.sensor_type AS "sensorType", t.type,
       t.value, t.saving_flat AS "savingFlat", t.currency, t.multiplier, COALESCE(t.voltage, p.voltage) AS voltage,
       to_char(t.baseline_from, 'YYYY-MM-DD') AS "baselineFrom", to_char(t.baseline_to, 'YYYY-MM-DD') AS "baselineTo",
       CASE t.sensor_type WHEN 'ELECTRICITY' THEN c.electricity_tariff ELSE c.water_tariff END AS price
     FROM tariff t
     JOIN pod p ON p.id = t.pod_id
     LEFT JOIN configuration c ON c.client_id = p.client_id AND c.active
     WHERE ${where.join(' AND ')}
     ORDER BY t.pod_id, t.sensor_type, t.type, t.id DESC`,
    params,
  );
}

/** Readings x factor = use: kWh = sum x voltage / 1000 x multiplier; litres = sum x multiplier. */
export const unitFactor = (t: Pick<TariffForSavings, 'sensorType' | 'voltage' | 'multiplier'>) =>
  t.sensorType === 'ELECTRICITY' ? (Number(t.voltage) * Number(t.multiplier ?? 1)) / 1000 : Number(t.multiplier ?? 1);

export const inputPodOf = (t: TariffForSavings): InputPod => ({
  id: t.podId,
  areaId: t.areaId,
  locationId: t.locationId,
  factor: unitFactor(t),
});

// Two-key advisory lock: a namespace ('GPSV') for savings, then the pod: one pod's savings and model are computed
// by one transaction at a time across instances; other pods go on in parallel.
const LOCK_NAMESPACE = 0x47505356;

/** The pod's savings lock: `try` gives up (null) when another instance holds the pod; `wait` queues behind it. */
export async function withSavingsLock<T>(
  db: Database,
  podId: number,
  mode: 'try' | 'wait',
  fn: (tx: Queryable) => Promise<T>,
): Promise<T | null> {
  return withAdvisoryLock(db, { namespace: LOCK_NAMESPACE, key: podId }, mode, fn);
}

/**
 * The pod and sensor type's fitted card for the tariff's baseline period: the stored one when it was fitted on
 * the same period, else fitted now on the baseline's daily inputs and stored (one row per pod and sensor type).
 * Null when the tariff names no baseline period.
 */
export async function baselineModelFor(
  db: Queryable,
  tariff: TariffForSavings,
  timeZone: string,
): Promise<BaselineModel | null> {
  const { baselineFrom: first, baselineTo: last } = tariff;
  if (!first || !last) return null;
  const [stored] = await db.query<{ card: BaselineModel; from: string; to: string }>(
    `SELECT card, to_char(baseline_from, 'YYYY-MM-DD') AS "from", to_char(baseline_to, 'YYYY-MM-DD') AS "to"
     FROM baseline_model WHERE pod_id = $1 AND sensor_type = $2`,
    [tariff.podId, tariff.sensorType],
  );
  if (stored && stored.from === first && stored.to === last) return stored.card;
  const days = await readDayRecords(db, [inputPodOf(tariff)], { sensorType: tariff.sensorType, first, last, timeZone });
  const card = fitBaseline(days.get(tariff.podId) ?? [], { first, last });
  await storeSavingDays(db, tariff.podId, tariff.sensorType, timeZone, days.get(tariff.podId) ?? []);
  await db.query(
    `INSERT INTO baseline_model (pod_id, sensor_type, baseline_from, baseline_to, card)
     VALUES ($1, $2, $3::date, $4::date, $5::jsonb)
     ON CONFLICT (pod_id, sensor_type) DO UPDATE
       SET baseline_from = EXCLUDED.baseline_from, baseline_to = EXCLUDED.baseline_to, card = EXCLUDED.card, fitted = now()`,
    [tariff.podId, tariff.sensorType, first, last, JSON.stringify(card)],
  );
  return card;
}

/** The closed periods of the last 12 months, from the pod's first reading of the type on, that have no saving. */
export async function missingPeriods(
  db: Queryable,
  tariff: TariffForSavings,
  now: Date,
  timeZone: string,
): Promise<SavingPeriod[]> {
  const [first] = await db.query<{ first: Date | string | null }>(
    'SELECT min(bucket) AS first FROM measurement_hourly WHERE pod_id = $1 AND sensor_type = $2',
    [tariff.podId, tariff.sensorType],
  );
  if (!first?.first) return [];
  const firstReading = new Date(first.first);
  const oldest = catchUpFrom(now);
  const from = firstReading > oldest ? firstReading : oldest;
  // Only whole periods inside the 12 months (the one holding the 12-months-ago instant started before it).
  const periods = closedSavingPeriods(tariff.type, from, now, timeZone).filter((p) => p.start >= oldest);
  if (periods.length === 0) return [];
  const rows = await db.query<{ start: string }>(
    `SELECT to_char(period_start, 'YYYY-MM-DD') AS start FROM saving
     WHERE pod_id = $1 AND sensor_type = $2 AND type = $3 AND period_start >= $4::date`,
    [tariff.podId, tariff.sensorType, tariff.type, periods[0]?.first ?? null],
  );
  const done = new Set(rows.map((r) => r.start));
  return periods.filter((p) => !done.has(p.first));
}

const INSERT_COLUMNS = [
  'group_id',
  'client_id',
  'pod_id',
  'sensor_id',
  'tariff_id',
  'sensor_type',
  'type',
  'time_range',
  'period_start',
  'period_end',
  'expected',
  'actual',
  'avoided',
  'unit',
  'value_flat',
  'currency',
  'value_percentage',
  'uncertainty',
  'stars',
  'method',
  'status',
  'completeness',
  'model',
];

/**
 * Computes and stores a tariff's missing savings; returns the ids it made (none when every period has one).
 * `sensorId` names the sensor the rows record (Create Savings' own); else the pod's linked sensor of the type.
 */
export async function computeTariffSavings(
  db: Queryable,
  tariff: TariffForSavings,
  opts: { now: Date; timeZone: string; sensorId?: number },
): Promise<number[]> {
  const periods = await missingPeriods(db, tariff, opts.now, opts.timeZone);
  if (periods.length === 0) return [];
  const model = await baselineModelFor(db, tariff, opts.timeZone);
  const first = periods[0]?.first as string;
  const last = periods[periods.length - 1]?.last as string;
  const records =
    (
      await readDayRecords(db, [inputPodOf(tariff)], {
        sensorType: tariff.sensorType,
        first,
        last,
        timeZone: opts.timeZone,
      })
    ).get(tariff.podId) ?? [];
  const byDate = new Map(records.map((r) => [r.date, r]));
  const sensorId = opts.sensorId ?? (await linkedSensor(db, tariff.podId, tariff.sensorType));
  const ids: number[] = [];
  for (const period of periods) {
    const days = [];
    for (let d = period.first; d <= period.last; d = addDays(d, 1)) {
      const r = byDate.get(d);
      if (r) days.push(r);
    }
    const f = savingFigures({
      days,
      hasBaseline: Boolean(tariff.baselineFrom && tariff.baselineTo),
      model,
      value: Number(tariff.value),
      price: tariff.price === null ? null : Number(tariff.price),
    });
    const detail: SavingDetail = f.detail;
    const values: SqlParam[] = [
      tariff.groupId,
      tariff.clientId,
      tariff.podId,
      sensorId,
      tariff.id,
      tariff.sensorType,
      tariff.type,
      timeRangeText(tariff.type, period),
      period.first,
      period.last,
      f.expected,
      f.actual,
      f.avoided,
      SAVING_UNIT[tariff.sensorType],
      f.valueFlat,
      tariff.currency,
      f.valuePercentage,
      f.uncertainty,
      f.stars,
      f.method,
      f.status,
      f.completeness,
      JSON.stringify(detail),
    ];
    const placeholders = values.map((_, i) =>
      INSERT_COLUMNS[i] === 'model'
        ? `$${i + 1}::jsonb`
        : INSERT_COLUMNS[i]?.startsWith('period_')
          ? `$${i + 1}::date`
          : `$${i + 1}`,
    );
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO saving (${INSERT_COLUMNS.join(', ')}) VALUES (${placeholders.join(', ')})
       ON CONFLICT (pod_id, sensor_type, type, period_start) DO NOTHING RETURNING id`,
      values,
    );
    if (row) ids.push(row.id);
  }
  // The days these savings were computed from, for the chart that draws them (all closed: the periods are).
  await storeSavingDays(db, tariff.podId, tariff.sensorType, opts.timeZone, records);
  // The tariff points at its newest saving.
  const newest = ids[ids.length - 1];
  if (newest !== undefined) await db.query('UPDATE tariff SET saving_id = $1 WHERE id = $2', [newest, tariff.id]);
  return ids;
}

async function linkedSensor(db: Queryable, podId: number, sensorType: string): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `SELECT s.id FROM sensor s LEFT JOIN pod_sensor ps ON ps.sensor_id = s.id AND ps.pod_id = $1
     WHERE s.type = $2 ORDER BY ps.id IS NULL, s.id LIMIT 1`,
    [podId, sensorType],
  );
  return row?.id ?? null;
}
