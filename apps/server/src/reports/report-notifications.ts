import type { ReportAnswer, Scope } from '@greenpod/contracts';
import { type PlaceFilter, podsUnderSql } from '../dashboard/dashboard-scope';
import type { Queryable, SqlParam } from '../db/database';

const NOISIEST = 5;

/** Notifications of the place's pods raised in [from, to): by severity, and the rules that raised the most. */
export async function reportNotifications(
  db: Queryable,
  scope: Scope,
  place: PlaceFilter,
  window: { from: Date; to: Date },
): Promise<ReportAnswer['notifications']> {
  const params: SqlParam[] = [];
  const pods = podsUnderSql(scope, place, params);
  params.push(window.from, window.to);
  const inPeriod = `n.pod_id IN (${pods}) AND n.created >= $${params.length - 1} AND n.created < $${params.length}`;
  const [bySeverity, rules] = await Promise.all([
    db.query<{ severity: string; count: number }>(
      `SELECT coalesce(n.severity, 'none') AS severity, count(*)::int AS count
       FROM notification n WHERE ${inPeriod} GROUP BY 1 ORDER BY 2 DESC, 1`,
      params,
    ),
    db.query<{ ruleId: number; title: string; podTitle: string; count: number }>(
      `SELECT r.id AS "ruleId", r.title, p.title AS "podTitle", count(*)::int AS count
       FROM notification n JOIN rule r ON r.id = n.rule_id JOIN pod p ON p.id = r.pod_id
       WHERE ${inPeriod} GROUP BY r.id, r.title, p.title ORDER BY 4 DESC, 2, 1 LIMIT ${NOISIEST}`,
      params,
    ),
  ]);
  return {
    total: bySeverity.reduce((a, s) => a + Number(s.count), 0),
    bySeverity: bySeverity.map((s) => ({ severity: s.severity, count: Number(s.count) })),
    noisiestRules: rules.map((r) => ({ ...r, count: Number(r.count) })),
  };
}
