import { alert, rule, tariff } from '@greenpod/contracts';
import { kilowattHoursSql } from '../aggregates/energy';
import { insertTarget } from '../crud/tables';
import type { Queryable } from '../db/database';
import { DEMO_RULES } from './demo-catalogue';

// Column lists from the registry: a renamed field fails to compile here instead of drifting.
const RULE_ROWS = insertTarget(rule, [
  'groupId',
  'clientId',
  'podId',
  'sensorId',
  'title',
  'description',
  'condition',
  'thresholdValue',
  'severity',
  'action',
]);
const ALERT_ROWS = insertTarget(alert, ['groupId', 'clientId', 'podId', 'ruleId']);
const TARIFF_ROWS = insertTarget(tariff, [
  'groupId',
  'clientId',
  'podId',
  'sensorType',
  'type',
  'timeRange',
  'savingFlat',
  'value',
  'currency',
  'multiplier',
  'voltage',
  'baselineFrom',
  'baselineTo',
]);

/**
 * The rules of DEMO_RULES on the first pod of each location, and its temperature rule bound by Alert
 * rows to the location's other pods: the alerts page and notifications then have data from the start.
 */
export async function writeDemoRules(tx: Queryable, podIds: readonly number[]) {
  await tx.query(
    `WITH firsts AS (
       SELECT DISTINCT ON (location_id) id, group_id, client_id FROM pod WHERE id = ANY($1::int[]) AND NOT outdoor ORDER BY location_id, id
     )
     INSERT INTO ${RULE_ROWS}
     SELECT f.group_id, f.client_id, f.id, s.id, r.title, r.title || ' (demo rule)', r.cond, r.threshold, r.severity, r.action
     FROM firsts f
     CROSS JOIN unnest($2::text[], $3::text[], $4::text[], $5::float8[], $6::text[], $7::text[])
       AS r(type, title, cond, threshold, severity, action)
     JOIN LATERAL (SELECT min(id) AS id FROM sensor WHERE type = r.type) s ON s.id IS NOT NULL`,
    [
      podIds,
      DEMO_RULES.map((r) => r.type),
      DEMO_RULES.map((r) => r.title),
      DEMO_RULES.map((r) => r.condition),
      DEMO_RULES.map((r) => r.threshold),
      DEMO_RULES.map((r) => r.severity),
      DEMO_RULES.map((r) => r.action),
    ],
  );
  await tx.query(
    `INSERT INTO ${ALERT_ROWS}
     SELECT p.group_id, p.client_id, p.id, ru.id
     FROM rule ru
     JOIN sensor s ON s.id = ru.sensor_id AND s.type = 'TEMPERATURE'
     JOIN pod owner ON owner.id = ru.pod_id
     JOIN pod p ON p.location_id = owner.location_id AND p.id <> owner.id AND NOT p.outdoor
     WHERE ru.pod_id = ANY($1::int[])`,
    [podIds],
  );
}

/** A room's tariffs: per sensor type its baseline period (yyyy-MM-dd, both days included), or null for none. */
export interface TariffPlan {
  podId: number;
  electricity: { from: string; to: string } | null;
  water: { from: string; to: string } | null;
}

/**
 * An electricity and a water tariff per room. With a baseline period (the measured model,
 * docs/domain.md#consumption), electricity is MONTHLY and water WEEKLY: a month of a room is what the
 * model's uncertainty can tell a 12 % saving apart in (a single day it cannot), and `value` is the
 * room's mean complete day over the baseline times the period's days. Without one (the tariff method),
 * a MONTHLY tariff (so the Savings page's default Month view shows it) whose `value` is 30 days 5 % above
 * the room's mean complete day over the 28 days before `before`: a typical month then saves 2-5 %. A room with no complete day there gets the
 * 28 days' mean instead. kWh and litres as in aggregates/energy.ts; the goal is 5 % at the client's prices.
 */
export async function writeDemoTariffs(tx: Queryable, plans: readonly TariffPlan[], before: Date) {
  const rows = plans.flatMap((p) =>
    (
      [
        ['ELECTRICITY', p.electricity, 'MONTHLY'],
        ['WATER_FLOW', p.water, 'WEEKLY'],
      ] as const
    ).map(([sensorType, period, type]) => ({
      podId: p.podId,
      sensorType,
      type: period ? type : 'MONTHLY',
      // '' for none: the driver's arrays carry no nulls.
      from: period?.from ?? '',
      to: period?.to ?? '',
    })),
  );
  await tx.query(
    `INSERT INTO ${TARIFF_ROWS}
     SELECT p.group_id, p.client_id, p.id, t.sensor_type, t.type, '00:00-24:00',
            round((b.base * 0.05 * b.price)::numeric, 2)::float8, round(b.base::numeric, 2)::float8, c.currency, 1, p.voltage,
            t.bfrom, t.bto
     FROM (
       SELECT pod_id, sensor_type, type, nullif(f, '')::date AS bfrom, nullif(e, '')::date AS bto
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[]) AS u(pod_id, sensor_type, type, f, e)
     ) t
     JOIN pod p ON p.id = t.pod_id
     JOIN configuration c ON c.client_id = p.client_id
     CROSS JOIN LATERAL (
       SELECT coalesce(
         (SELECT avg(sum) FROM measurement_daily m
          WHERE m.pod_id = t.pod_id AND m.sensor_type = t.sensor_type AND m.count >= 144
            AND m.bucket >= t.bfrom::timestamp AT TIME ZONE 'UTC' AND m.bucket < (t.bto + 1)::timestamp AT TIME ZONE 'UTC'),
         (SELECT avg(sum) FROM measurement_daily m
          WHERE m.pod_id = t.pod_id AND m.sensor_type = t.sensor_type
            AND m.bucket >= $6::timestamptz - interval '28 days' AND m.bucket < $6::timestamptz)
       ) AS mean_sum
     ) d
     CROSS JOIN LATERAL (
       SELECT CASE WHEN t.sensor_type = 'ELECTRICITY' THEN ${kilowattHoursSql('d.mean_sum', 'p.voltage')} ELSE d.mean_sum END
                * CASE t.type WHEN 'MONTHLY' THEN 30 WHEN 'WEEKLY' THEN 7 ELSE 1 END
                * CASE WHEN t.bfrom IS NULL THEN 1.05 ELSE 1 END AS base,
              CASE WHEN t.sensor_type = 'ELECTRICITY' THEN c.electricity_tariff ELSE c.water_tariff END AS price
     ) b
     WHERE d.mean_sum IS NOT NULL
     ORDER BY p.id, t.sensor_type`,
    [
      rows.map((r) => r.podId),
      rows.map((r) => r.sensorType),
      rows.map((r) => r.type),
      rows.map((r) => r.from),
      rows.map((r) => r.to),
      before.toISOString(),
    ],
  );
}
