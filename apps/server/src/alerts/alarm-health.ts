import type { AlarmHealth } from '@greenpod/contracts';
import type { Queryable } from '../db/database';
import { dateOnlySql, wireTimeSql } from '../db/wire-time-sql';

/**
 * The measure alarm-management guides use (docs/domain.md#alarm-health): about one alarm per ten
 * minutes is what a person can handle; ten or more in ten minutes is a flood.
 */
export const MANAGEABLE_PER_TEN_MINUTES = 1;
export const FLOOD_PER_TEN_MINUTES = 10;
const NOISIEST = 5;
const FLOODS_LISTED = 10;

/**
 * Alarm health over the `days` days before `end` (midnight in `timeZone`), counting every notification
 * the engine raised (folded ones too: they are noise the guard absorbed), never the summaries.
 */
export async function alarmHealth(
  db: Queryable,
  opts: { days: number; timeZone: string; now?: Date },
): Promise<AlarmHealth> {
  const now = (opts.now ?? new Date()).toISOString();
  // The window: whole days in the report's time zone, ending with today.
  const params = [now, opts.timeZone, opts.days];
  const span = `
    bounds AS (
      SELECT ((date_trunc('day', $1::timestamptz AT TIME ZONE $2) - make_interval(days => $3 - 1)) AT TIME ZONE $2) AS start,
             $1::timestamptz AS stop
    ),
    n AS (
      SELECT n.* FROM notification n, bounds b
      WHERE n.created >= b.start AND n.created <= b.stop AND n.type <> 'SUMMARY'
    )`;
  const [head] = await db.query<{ from: string; to: string; total: number; folded: number }>(
    `WITH ${span}
     SELECT ${dateOnlySql('b.start AT TIME ZONE $2')} AS "from", ${dateOnlySql('b.stop AT TIME ZONE $2')} AS "to",
            (SELECT count(*)::int FROM n) AS total, (SELECT count(*)::int FROM n WHERE folded) AS folded
     FROM bounds b`,
    params,
  );
  const perDay = await db.query<AlarmHealth['perDay'][number]>(
    `WITH ${span},
     days AS (
       SELECT ${dateOnlySql('d')} AS day FROM bounds b,
         generate_series(date_trunc('day', b.start AT TIME ZONE $2), date_trunc('day', b.stop AT TIME ZONE $2), interval '1 day') d
     )
     SELECT days.day,
            count(n.id) FILTER (WHERE n.type = 'ALERT')::int AS alerts,
            count(n.id) FILTER (WHERE n.type = 'WARNING')::int AS warnings,
            count(n.id) FILTER (WHERE n.type NOT IN ('ALERT', 'WARNING'))::int AS other
     FROM days LEFT JOIN n ON ${dateOnlySql('n.created AT TIME ZONE $2')} = days.day
     GROUP BY days.day ORDER BY days.day`,
    params,
  );
  const windows = await db.query<{ start: string; clientTitle: string | null; count: number }>(
    `WITH ${span}
     SELECT ${wireTimeSql('to_timestamp(floor(extract(epoch FROM n.created) / 600) * 600)')} AS start,
            c.title AS "clientTitle", count(*)::int AS count
     FROM n LEFT JOIN client c ON c.id = n.client_id
     GROUP BY 1, 2 ORDER BY count DESC, start LIMIT 500`,
    params,
  );
  const noisiestRules = await db.query<AlarmHealth['noisiestRules'][number]>(
    `WITH ${span}
     SELECT r.id AS "ruleId", r.title, coalesce(p.title, '') AS "podTitle", count(*)::int AS count
     FROM n JOIN rule r ON r.id = n.rule_id LEFT JOIN pod p ON p.id = n.pod_id
     GROUP BY r.id, r.title, p.title ORDER BY count DESC, r.title LIMIT ${NOISIEST}`,
    params,
  );
  const total = head?.total ?? 0;
  const perTenMinutes = total / (opts.days * 144);
  // The busiest window across clients: sum each window's clients.
  const byWindow = new Map<string, number>();
  for (const w of windows) byWindow.set(w.start, (byWindow.get(w.start) ?? 0) + w.count);
  const busiestEntry = [...byWindow.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  const floods = windows
    .filter((w) => w.count >= FLOOD_PER_TEN_MINUTES)
    .slice(0, FLOODS_LISTED)
    .map((w) => ({ start: w.start, clientTitle: w.clientTitle ?? 'No client', count: w.count }));
  return {
    from: head?.from ?? '',
    to: head?.to ?? '',
    timeZone: opts.timeZone,
    total,
    perDay,
    perTenMinutes: Math.round(perTenMinutes * 100) / 100,
    busiest: busiestEntry ? { start: busiestEntry[0], count: busiestEntry[1] } : null,
    floods,
    noisiestRules,
    folded: head?.folded ?? 0,
    verdict: floods.length > 0 ? 'flooded' : perTenMinutes > MANAGEABLE_PER_TEN_MINUTES ? 'busy' : 'manageable',
  };
}

/** The weekly mail's text: the same figures, in words. */
export function alarmHealthText(h: AlarmHealth, adminUrl: string): string {
  const verdicts = {
    manageable: 'Manageable: fewer than one notification per ten minutes on average, and no flood.',
    busy: 'Busy: more than one notification per ten minutes on average. Look at the noisiest rules below.',
    flooded: `Flooded: at least one ten-minute window held ${FLOOD_PER_TEN_MINUTES} or more notifications of one client.`,
  };
  const lines = [
    `Alarm health from ${h.from} to ${h.to} (${h.timeZone})`,
    '',
    verdicts[h.verdict],
    '',
    `${h.total} notifications, ${h.perTenMinutes} per ten minutes on average; ${h.folded} folded into summaries by the flood guard.`,
    '',
    'Per day (alerts / warnings / other):',
    ...h.perDay.map((d) => `  ${d.day}: ${d.alerts} / ${d.warnings} / ${d.other}`),
  ];
  if (h.noisiestRules.length) {
    lines.push('', 'Noisiest rules:', ...h.noisiestRules.map((r) => `  ${r.title} on ${r.podTitle}: ${r.count}`));
  }
  if (h.floods.length) {
    lines.push('', 'Floods (UTC):', ...h.floods.map((f) => `  ${f.start}, ${f.clientTitle}: ${f.count}`));
  }
  lines.push('', `The same report, any week: ${adminUrl}`);
  return `${lines.join('\n')}\n`;
}
