import { ADMIN_ACCESS_LEVEL } from '@greenpod/contracts';
import type { FastifyInstance } from 'fastify';
import { publicBase } from '../auth/account-mails';
import type { Database } from '../db/database';
import { dateOnlySql } from '../db/wire-time-sql';
import { enqueueMail } from '../mail/mail-queue';
import { alarmHealth, alarmHealthText } from './alarm-health';

const CHECK_EVERY_MS = 60 * 60_000;

/**
 * Queues last week's alarm-health report (Monday to Sunday in `timeZone`) for every active, verified
 * administrator, once per week: the week's row and the mails commit together. Answers the week mailed,
 * or null when it already was.
 */
export async function mailWeeklyAlarmHealth(
  db: Database,
  opts: { timeZone: string; adminUrl: string; now?: Date },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const now = (opts.now ?? new Date()).toISOString();
    const [week] = await tx.query<{ week: string; end: Date | string }>(
      `WITH monday AS (SELECT date_trunc('week', $1::timestamptz AT TIME ZONE $2) AS local)
       INSERT INTO alarm_health_mail (week) SELECT (local - interval '7 days')::date FROM monday
       ON CONFLICT DO NOTHING
       RETURNING ${dateOnlySql('week')} AS week, ((SELECT local FROM monday) AT TIME ZONE $2) AS end`,
      [now, opts.timeZone],
    );
    if (!week) return null;
    const report = await alarmHealth(tx, {
      days: 7,
      timeZone: opts.timeZone,
      now: new Date(new Date(week.end).getTime() - 1),
    });
    const admins = await tx.query<{ email: string; first_name: string }>(
      `SELECT u.email, u.first_name FROM app_user u JOIN role r ON r.id = u.role_id
       WHERE u.active AND u.verified AND r.access_level >= ${ADMIN_ACCESS_LEVEL} ORDER BY u.id`,
    );
    const text = alarmHealthText(report, opts.adminUrl);
    for (const a of admins)
      await enqueueMail(tx, {
        to: a.email,
        subject: `Greenpod alarm health, week of ${week.week}: ${report.verdict}`,
        text: `Hello ${a.first_name},\n\n${text}`,
      });
    return week.week;
  });
}

/** Checks every hour (and soon after start) whether last week's report has gone out. */
export function registerAlarmHealthMail(app: FastifyInstance) {
  const opts = { timeZone: app.config.AGGREGATE_TIMEZONE, adminUrl: `${publicBase(app)}/admin/alarm-health` };
  let running: Promise<unknown> | null = null;
  const check = () => {
    running ??= mailWeeklyAlarmHealth(app.db, opts)
      .then((week) => week && app.log.info({ week }, 'alarm-health report queued for the administrators'))
      .catch((err: unknown) => app.log.error({ err }, 'the weekly alarm-health report failed; trying again in an hour'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(check, 60_000);
  first.unref();
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  });
}
