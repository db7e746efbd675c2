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
]);

/**
 * The rules of DEMO_RULES on the first pod of each location, and its temperature rule bound by Alert
 * rows to the location's other pods: the alerts page and notifications then have data from the start.
 */
export async function writeDemoRules(tx: Queryable, podIds: readonly number[]) {
  await tx.query(
    `WITH firsts AS (
       SELECT DISTINCT ON (location_id) id, group_id, client_id FROM pod WHERE id = ANY($1::int[]) ORDER BY location_id, id
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
     JOIN pod p ON p.location_id = owner.location_id AND p.id <> owner.id
     WHERE ru.pod_id = ANY($1::int[])`,
    [podIds],
  );
}

/**
 * A DAILY electricity and water tariff per pod, its baseline 5 % above the pod's mean day over the
 * 28 days before `before`: a typical day then saves about 5 % (one star), a busy day misses the goal.
 * kWh and litres as in aggregates/energy.ts; the goal is that 5 % at the client's prices.
 */
export async function writeDemoTariffs(tx: Queryable, podIds: readonly number[], before: Date) {
  await tx.query(
    `INSERT INTO ${TARIFF_ROWS}
     SELECT p.group_id, p.client_id, p.id, d.sensor_type, 'DAILY', '00:00-24:00',
            round((b.base * 0.05 * b.price)::numeric, 2)::float8, round(b.base::numeric, 2)::float8, c.currency, 1, p.voltage
     FROM (
       SELECT pod_id, sensor_type, avg(sum) AS mean_sum
       FROM measurement_daily
       WHERE pod_id = ANY($1::int[]) AND sensor_type IN ('ELECTRICITY', 'WATER_FLOW')
         AND bucket >= $2::timestamptz - interval '28 days' AND bucket < $2::timestamptz
       GROUP BY 1, 2
     ) d
     JOIN pod p ON p.id = d.pod_id
     JOIN configuration c ON c.client_id = p.client_id
     CROSS JOIN LATERAL (
       SELECT CASE WHEN d.sensor_type = 'ELECTRICITY' THEN ${kilowattHoursSql('d.mean_sum', 'p.voltage')} ELSE d.mean_sum END * 1.05 AS base,
              CASE WHEN d.sensor_type = 'ELECTRICITY' THEN c.electricity_tariff ELSE c.water_tariff END AS price
     ) b
     ORDER BY p.id, d.sensor_type`,
    [podIds, before.toISOString()],
  );
}
