import { lastClosedMonth, type Scope } from '@greenpod/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { loadScope } from '../auth/scope';
import { checkPlaces } from '../dashboard/dashboard-scope';
import { withAdvisoryLock } from '../db/advisory-lock';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import { enqueueMail } from '../mail/mail-queue';
import { monthlyReportMail, reportPageUrl } from './monthly-report-mail';
import { type MonthReadiness, monthReadiness } from './monthly-report-ready';
import { buildReport } from './report-build';
import { reportLook } from './report-look';
import { renderReportPdf } from './report-pdf';

// Two-key advisory lock with a namespace of its own ('GPRM'), one key: the monthly mail's run.
const LOCK = { namespace: 0x4750524d, key: 1 };

export interface MonthlyReportOptions {
  timeZone: string;
  /** Where the mail's links start (PUBLIC_URL, or this server on localhost), without a trailing slash. */
  baseUrl: string;
  /** ASSET_DIR, where the client's logo (an asset) is kept. */
  assetDir: string;
  now?: Date;
  log?: FastifyBaseLogger;
}

/** What a run did: the month it mailed, the mails queued, locations still waiting for savings, failures. */
export interface MonthlyReportRun {
  month: string;
  queued: number;
  waiting: number;
  failed: number;
}

type Pending = {
  userId: number;
  email: string;
  firstName: string;
  roleId: number;
  accessLevel: number;
  locationId: number;
  clientId: number;
};

/**
 * One run of the monthly report mail (docs/domain.md#the-monthly-report-mail): last closed month's PDF to every subscriber whose
 * account is active and whose scope still covers the location, once per month, location and user. The
 * report_delivery row is the durable once-only record: it commits with the queued mail, so a restart or a
 * second instance finds it and sends nothing again. On PostgreSQL the run holds an advisory lock so two
 * instances do not both build the same PDFs; null when another instance holds it.
 */
export async function runMonthlyReports(db: Database, opts: MonthlyReportOptions): Promise<MonthlyReportRun | null> {
  // On PGlite one process owns the data: nothing to share, and a transaction held open would stall every request.
  if (db.kind === 'pglite') return mailMonth(db, opts);
  // The lock's transaction only holds the lock: the work runs on other connections, each mail in a short
  // transaction of its own, so no transaction stays open across the PDFs' building.
  return withAdvisoryLock(db, LOCK, 'try', () => mailMonth(db, opts));
}

async function mailMonth(db: Database, opts: MonthlyReportOptions): Promise<MonthlyReportRun> {
  const now = opts.now ?? new Date();
  const month = lastClosedMonth(opts.timeZone, now);
  const run: MonthlyReportRun = { month: month.from.slice(0, 7), queued: 0, waiting: 0, failed: 0 };
  const pending = await db.query<Pending>(
    `SELECT s.user_id AS "userId", u.email, u.first_name AS "firstName", u.role_id AS "roleId",
       r.access_level AS "accessLevel", s.location_id AS "locationId", l.client_id AS "clientId"
     FROM report_subscription s
     JOIN app_user u ON u.id = s.user_id AND u.active AND u.verified
     JOIN role r ON r.id = u.role_id
     JOIN location l ON l.id = s.location_id
     WHERE NOT EXISTS (SELECT 1 FROM report_delivery d
                       WHERE d.month = $1::date AND d.location_id = s.location_id AND d.user_id = s.user_id)
     ORDER BY s.location_id, s.user_id`,
    [month.from],
  );
  const readiness = new Map<number, MonthReadiness>();
  const scopes = new Map<number, Scope>();
  for (const p of pending) {
    let ready = readiness.get(p.locationId);
    if (!ready) {
      ready = await monthReadiness(db, p.locationId, month, { now, timeZone: opts.timeZone });
      readiness.set(p.locationId, ready);
      if (ready === 'waiting') run.waiting++;
      if (ready === 'overdue')
        opts.log?.warn({ locationId: p.locationId, month: run.month }, 'monthly report sent with savings missing');
    }
    if (ready === 'waiting') continue;
    let scope = scopes.get(p.roleId);
    if (!scope) {
      scope = await loadScope(db, p.roleId, p.accessLevel);
      scopes.set(p.roleId, scope);
    }
    if (!(await covers(db, scope, p.locationId))) continue;
    try {
      if (await mailOne(db, p, scope, month, now, opts)) run.queued++;
    } catch (err) {
      // Nothing was written for this one: the next run tries it again.
      run.failed++;
      opts.log?.error({ err, userId: p.userId, locationId: p.locationId }, 'a monthly report could not be made');
    }
  }
  return run;
}

/** The scope rule of every read (docs/domain.md#scope): the location is one the user may pick. */
async function covers(db: Database, scope: Scope, locationId: number): Promise<boolean> {
  try {
    await checkPlaces(db, scope, { locationId });
    return true;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) return false;
    throw err;
  }
}

/** Builds one user's report and PDF, then records and queues it in one short transaction; false if already sent. */
async function mailOne(
  db: Database,
  p: Pending,
  scope: Scope,
  month: { from: string; to: string },
  now: Date,
  opts: MonthlyReportOptions,
): Promise<boolean> {
  const report = await buildReport(db, scope, {
    place: { locationId: p.locationId },
    from: month.from,
    to: month.to,
    timeZone: opts.timeZone,
    now,
  });
  const pdf = await renderReportPdf(report, await reportLook(db, p.clientId, opts.assetDir));
  const mail = monthlyReportMail(p, report, pdf, {
    report: reportPageUrl(opts.baseUrl, p.locationId, month),
    settings: `${opts.baseUrl}/settings`,
  });
  return db.transaction(async (tx) => {
    const [recorded] = await tx.query(
      `INSERT INTO report_delivery (month, location_id, user_id) VALUES ($1::date, $2, $3)
       ON CONFLICT DO NOTHING RETURNING user_id`,
      [month.from, p.locationId, p.userId],
    );
    if (!recorded) return false;
    await enqueueMail(tx, mail);
    return true;
  });
}
