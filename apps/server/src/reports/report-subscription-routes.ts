import { type ReportSubscription, reportSubscription, reportSubscriptionBody } from '@greenpod/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf } from '../auth/caller';
import { checkPlaces } from '../dashboard/dashboard-scope';
import type { Queryable, SqlParam } from '../db/database';
import { wireTimeSql } from '../db/wire-time-sql';
import { notFound } from '../http/errors';
import {
  bearerSecurity,
  emptyResponse,
  errorResponses,
  idParams,
  itemResponse,
  ok,
  okEmpty,
} from '../http/route-schemas';

const tags = ['reports'];

/** The subscriptions matching `where` (about `s`), with their location's and client's titles. */
async function subscriptions(db: Queryable, where: string, params: SqlParam[]): Promise<ReportSubscription[]> {
  return db.query<ReportSubscription>(
    `SELECT s.id, s.user_id AS "userId", s.location_id AS "locationId", l.title AS "locationTitle",
       c.title AS "clientTitle", ${wireTimeSql('s.created')} AS created
     FROM report_subscription s JOIN location l ON l.id = s.location_id JOIN client c ON c.id = l.client_id
     WHERE ${where} ORDER BY c.title, l.title, s.id`,
    params,
  );
}

/**
 * Monthly report subscriptions (docs/api.md#report-subscriptions, the mail's rules in docs/domain.md#the-monthly-report-mail): one's
 * own, for locations in one's scope; an administrator lists and removes anyone's.
 */
export async function reportSubscriptionRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/report-subscription',
    {
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'listReportSubscriptions',
        summary: "The caller's monthly report subscriptions (an administrator's answer holds everyone's)",
        response: { 200: itemResponse(z.array(reportSubscription)), ...errorResponses(401, 429) },
      },
      onRequest: authenticate,
    },
    async (request) => {
      const caller = callerOf(request);
      return ok(
        caller.isAdmin
          ? await subscriptions(app.db, 'TRUE', [])
          : await subscriptions(app.db, 's.user_id = $1', [caller.userId]),
      );
    },
  );

  app.post(
    '/api/report-subscription',
    {
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'createReportSubscription',
        summary:
          "Subscribe oneself to a location's monthly report (a location in one's scope); subscribing again answers the subscription there is",
        body: reportSubscriptionBody,
        response: {
          200: itemResponse(reportSubscription),
          201: itemResponse(reportSubscription),
          ...errorResponses(400, 401, 404, 429),
        },
      },
      onRequest: authenticate,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { locationId } = request.body;
      // Out of scope answers as a missing location does (docs/domain.md#scope).
      await checkPlaces(app.db, caller.scope, { locationId });
      // Idempotent: a second subscribe (two tabs, a retried request) is not an error, and changes nothing.
      const [made] = await app.db.query<{ id: number }>(
        `INSERT INTO report_subscription (user_id, location_id) VALUES ($1, $2)
         ON CONFLICT (user_id, location_id) DO NOTHING RETURNING id`,
        [caller.userId, locationId],
      );
      const [row] = await subscriptions(app.db, 's.user_id = $1 AND s.location_id = $2', [caller.userId, locationId]);
      if (!row) throw notFound('Location');
      return reply.status(made ? 201 : 200).send(ok(row));
    },
  );

  app.delete(
    '/api/report-subscription/:id',
    {
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'deleteReportSubscription',
        summary: "Unsubscribe: one's own subscription (an administrator: anyone's)",
        params: idParams,
        response: { 200: emptyResponse, ...errorResponses(400, 401, 404, 429) },
      },
      onRequest: authenticate,
    },
    async (request) => {
      const caller = callerOf(request);
      const params: SqlParam[] = [request.params.id];
      if (!caller.isAdmin) params.push(caller.userId);
      const gone = await app.db.query(
        `DELETE FROM report_subscription WHERE id = $1${caller.isAdmin ? '' : ' AND user_id = $2'} RETURNING id`,
        params,
      );
      if (gone.length === 0) throw notFound('Subscription');
      return okEmpty();
    },
  );
}
