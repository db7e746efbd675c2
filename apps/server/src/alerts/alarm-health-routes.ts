import { alarmHealthSchema, isTimeZone } from '@greenpod/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../auth/caller';
import { bearerSecurity, errorResponses, itemResponse, ok } from '../http/route-schemas';
import { alarmHealth } from './alarm-health';

/** The alarm-health report for administrators (docs/api.md#alarm-health). */
export async function alarmHealthRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/alarm-health',
    {
      schema: {
        tags: ['notification'],
        summary: 'Alarm health: notifications per day, the noisiest rules and floods over the last days',
        operationId: 'getAlarmHealth',
        security: bearerSecurity,
        querystring: z.object({
          days: z.coerce
            .number({ error: 'days must be a whole number from 1 to 90' })
            .int('days must be a whole number from 1 to 90')
            .min(1, 'days must be a whole number from 1 to 90')
            .max(90, 'days must be a whole number from 1 to 90')
            .default(7),
          tz: z.string().max(64).refine(isTimeZone, 'tz must be an IANA time zone such as Europe/London').optional(),
        }),
        response: { 200: itemResponse(alarmHealthSchema), ...errorResponses(400, 401, 403) },
      },
      onRequest: requireAdmin,
    },
    async (request) =>
      ok(
        await alarmHealth(app.db, {
          days: request.query.days,
          timeZone: request.query.tz ?? app.config.AGGREGATE_TIMEZONE,
        }),
      ),
  );
}
