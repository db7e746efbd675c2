import {
  isTimeZone,
  REPORT_FORMATS,
  type ReportAnswer,
  reportAnswer,
  reportCsvRows,
  reportPeriodProblem,
  type Scope,
  toCsv,
  todayIn,
} from '@greenpod/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf } from '../auth/caller';
import { checkPlaces, type PlaceFilter, visibleIds } from '../dashboard/dashboard-scope';
import type { Queryable, SqlParam } from '../db/database';
import { badRequest } from '../http/errors';
import { bearerSecurity, errorResponses, itemResponse, ok, recordId } from '../http/route-schemas';
import { buildReport } from './report-build';
import { reportLook } from './report-look';
import { renderReportPdf } from './report-pdf';

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = (name: string) => z.preprocess(blank, recordId(name).optional());
const date = (name: string) =>
  z
    .string({ error: `${name} is required (yyyy-MM-dd)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date (yyyy-MM-dd)`);
const reportQuery = z.object({
  clientId: optionalId('clientId'),
  locationId: optionalId('locationId'),
  areaId: optionalId('areaId'),
  podId: optionalId('podId'),
  from: date('from'),
  to: date('to'),
  tz: z.preprocess(blank, z.string().max(64).optional()),
  format: z.preprocess(
    blank,
    z.enum(REPORT_FORMATS, { error: `format must be one of ${REPORT_FORMATS.join(', ')}` }).default('json'),
  ),
});

/** A report is heavier than a dashboard read: at most this many per user a minute. */
export const REPORTS_PER_MINUTE = 60;

/** A file name part: lower case letters, digits and dashes only. */
const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'place';

export const reportFileName = (r: ReportAnswer, ext: 'csv' | 'pdf') =>
  `greenpod-report-${slug(r.scope.title)}-${r.period.from}-${r.period.to}.${ext}`;

/** The caller's own client when no place is named: the one client they see, else none. */
async function callerClient(db: Queryable, scope: Scope): Promise<number | undefined> {
  if (scope.all) return undefined;
  const params: SqlParam[] = [];
  const rows = await db.query<{ client_id: number }>(
    `SELECT DISTINCT t.client_id FROM location t WHERE t.id IN (${visibleIds(scope, params).locations()}) LIMIT 2`,
    params,
  );
  return rows.length === 1 ? rows[0]?.client_id : undefined;
}

/** GET /api/report (docs/api.md#reports): one place's report over a period, as JSON, CSV or PDF. */
export async function reportRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const defaultZone = app.config.AGGREGATE_TIMEZONE;
  app.get(
    '/api/report',
    {
      schema: {
        tags: ['reports'],
        security: bearerSecurity,
        operationId: 'getReport',
        summary:
          "A report of the narrowest of clientId, locationId, areaId or podId given (none: the caller's client) over the days from..to (at most 366, none in the future) in tz: totals, cost, expected, last year, emissions, savings, daily chart, score, notifications, use while empty and completeness; format csv or pdf answers a download",
        querystring: reportQuery,
        response: {
          200: {
            description: 'The report: JSON (format=json), an RFC 4180 CSV (format=csv) or an A4 PDF (format=pdf)',
            content: {
              'application/json': { schema: itemResponse(reportAnswer) },
              'text/csv': { schema: z.string() },
              'application/pdf': { schema: z.string().describe('binary') },
            },
          },
          ...errorResponses(400, 401, 404, 429),
        },
      },
      onRequest: authenticate,
      config: {
        rateLimit: {
          max: REPORTS_PER_MINUTE,
          timeWindow: '1 minute',
          hook: 'preHandler' as const,
          keyGenerator: (request: FastifyRequest) => `report by ${request.caller?.userId ?? request.ip}`,
        },
      },
    },
    async (request, reply) => {
      const { scope } = callerOf(request);
      const { from, to, tz, format, ...named } = request.query;
      const timeZone = tz ?? defaultZone;
      if (!isTimeZone(timeZone))
        throw badRequest('tz must be an IANA time zone', {
          tz: ['tz must be an IANA time zone such as Europe/London'],
        });
      const now = new Date();
      const problem = reportPeriodProblem(from, to, todayIn(timeZone, now));
      if (problem) throw badRequest(problem.message, { [problem.field]: [problem.message] });
      const place: PlaceFilter = { ...named };
      if (Object.values(place).every((v) => v === undefined)) {
        place.clientId = await callerClient(app.db, scope);
        if (place.clientId === undefined) {
          const message = 'Give one of clientId, locationId, areaId or podId';
          throw badRequest(message, { clientId: [message] });
        }
      }
      // The dashboard's place check: 404 outside the caller's scope, as for a missing id (docs/domain.md#scope).
      await checkPlaces(app.db, scope, place);
      const report = await buildReport(app.db, scope, { place, from, to, timeZone, now });
      if (format === 'json') return ok(report);
      if (format === 'csv') {
        // A BOM so spreadsheet programs read UTF-8; CRLF line ends (RFC 4180).
        const body = `\uFEFF${toCsv(reportCsvRows(report))}\r\n`;
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${reportFileName(report, 'csv')}"`)
          .send(body);
      }
      const pdf = await renderReportPdf(report, await reportLook(app.db, report.scope.clientId, app.config.ASSET_DIR));
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${reportFileName(report, 'pdf')}"`)
          // A Buffer goes out as it is; the schema's string stands for its bytes in the document.
          .send(pdf as unknown as string)
      );
    },
  );
}
