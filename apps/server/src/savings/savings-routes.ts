import {
  getResource,
  SAVING_SENSOR_TYPES,
  SAVING_UNIT,
  SAVINGS_WINDOWS,
  savingsCreateBody,
  savingsModelAnswer,
  savingsSummary,
} from '@greenpod/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf, requireAdmin } from '../auth/caller';
import { compileSelect } from '../crud/select';
import { checkPlaces } from '../dashboard/dashboard-scope';
import type { Queryable } from '../db/database';
import { badRequest, type ValidationErrors } from '../http/errors';
import { bearerSecurity, errorResponses, itemResponse, ok, recordId } from '../http/route-schemas';
import { isPredicting } from './model/prediction';
import { baselineModelFor, computeTariffSavings, loadTariffs, withSavingsLock } from './savings-compute';
import { savingsSummaryOf } from './savings-summary';
import { methodText, percentText } from './savings-text';

const tags = ['savings'];
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = (name: string) => z.preprocess(blank, recordId(name).optional());
const sensorTypeParam = z.enum(SAVING_SENSOR_TYPES, {
  error: `sensorType must be one of ${SAVING_SENSOR_TYPES.join(', ')}`,
});
const modelQuery = z.object({ podId: recordId('podId'), sensorType: sensorTypeParam });
const summaryQuery = z.object({
  window: z.preprocess(
    blank,
    z.enum(SAVINGS_WINDOWS, { error: `window must be one of ${SAVINGS_WINDOWS.join(', ')}` }).default('month'),
  ),
  locationId: optionalId('locationId'),
  areaId: optionalId('areaId'),
  podId: optionalId('podId'),
  sensorType: z.preprocess(blank, sensorTypeParam.default('ELECTRICITY')),
});

/** Why a Create Savings body cannot be computed, field by field (each a 400 naming the field; nothing written). */
async function createProblems(
  db: Queryable,
  body: z.output<typeof savingsCreateBody>,
): Promise<ValidationErrors | null> {
  const [row] = await db.query<{
    group_ok: boolean;
    client_group: number | null;
    pod_client: number | null;
    sensor_type: string | null;
  }>(
    `SELECT EXISTS (SELECT 1 FROM app_group WHERE id = $1) AS group_ok,
       (SELECT group_id FROM client WHERE id = $2) AS client_group,
       (SELECT client_id FROM pod WHERE id = $3) AS pod_client,
       (SELECT type FROM sensor WHERE id = $4) AS sensor_type`,
    [body.groupId, body.clientId, body.podId, body.sensorId],
  );
  if (!row?.group_ok) return { groupId: ['No such group'] };
  if (row.client_group === null) return { clientId: ['No such client'] };
  if (row.client_group !== body.groupId) return { clientId: ['The client is not of this group'] };
  if (row.pod_client === null) return { podId: ['No such pod'] };
  if (row.pod_client !== body.clientId) return { podId: ['The pod is not of this client'] };
  if (row.sensor_type === null) return { sensorId: ['No such sensor'] };
  if (row.sensor_type !== 'ELECTRICITY' && row.sensor_type !== 'WATER_FLOW')
    return { sensorId: ['Savings are computed for electricity and water flow sensors'] };
  return null;
}

/** Create Savings, a pod's baseline model card, and the Savings page (docs/api.md#savings). */
export async function savingsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const timeZone = app.config.AGGREGATE_TIMEZONE;
  const savings = getResource('savings');
  const compiled = compileSelect(savings);

  app.post(
    '/api/savings',
    {
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'createSavings',
        summary:
          "Compute a pod's missing savings for a sensor's type and a period type: every closed period of the last 12 months without one",
        body: savingsCreateBody,
        response: { 201: itemResponse(z.array(savings.rowSchema)), ...errorResponses(400, 401, 403, 429) },
      },
      onRequest: requireAdmin,
    },
    async (request, reply) => {
      const body = request.body;
      const problems = await createProblems(app.db, body);
      if (problems) throw badRequest('Savings cannot be computed for this input', problems);
      const [sensor] = await app.db.query<{ type: string }>('SELECT type FROM sensor WHERE id = $1', [body.sensorId]);
      const [tariff] = await loadTariffs(app.db, { podIds: [body.podId], sensorType: sensor?.type, type: body.type });
      if (!tariff)
        throw badRequest('Savings cannot be computed for this input', {
          podId: [`The pod has no ${body.type} tariff for ${sensor?.type}: create one first`],
        });
      const ids =
        (await withSavingsLock(app.db, body.podId, 'wait', (tx) =>
          computeTariffSavings(tx, tariff, { now: new Date(), timeZone, sensorId: body.sensorId }),
        )) ?? [];
      const rows = ids.length
        ? await app.db.query(
            `SELECT ${compiled.select} FROM ${compiled.from} WHERE t.id = ANY($1::int[]) ORDER BY t.period_start`,
            [ids],
          )
        : [];
      return reply.status(201).send(ok(rows));
    },
  );

  app.get(
    '/api/savings/model',
    {
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'getSavingsModel',
        summary: "A pod's baseline model card for a sensor type (fitted on its tariff's baseline period)",
        querystring: modelQuery,
        response: { 200: itemResponse(savingsModelAnswer), ...errorResponses(400, 401, 404, 429) },
      },
      onRequest: authenticate,
    },
    async (request) => {
      const { podId, sensorType } = request.query;
      await checkPlaces(app.db, callerOf(request).scope, { podId });
      const [pod] = await app.db.query<{ title: string }>('SELECT title FROM pod WHERE id = $1', [podId]);
      const tariffs = await loadTariffs(app.db, { podIds: [podId], sensorType });
      // The newest tariff naming a baseline period, else the newest one.
      const tariff =
        tariffs.filter((t) => t.baselineFrom).sort((a, b) => b.id - a.id)[0] ?? tariffs.sort((a, b) => b.id - a.id)[0];
      const unit = SAVING_UNIT[sensorType];
      const answer = { podId, podTitle: pod?.title ?? '', sensorType, unit };
      if (!tariff)
        return ok({
          ...answer,
          baselineFrom: null,
          baselineTo: null,
          method: null,
          model: null,
          summary: `No tariff for ${sensorType === 'ELECTRICITY' ? 'electricity' : 'water flow'} on this pod: no savings are computed`,
        });
      const card = tariff.baselineFrom
        ? await withSavingsLock(app.db, podId, 'wait', (tx) => baselineModelFor(tx, tariff, timeZone))
        : null;
      const predicting = card !== null && isPredicting(card);
      const summary = !card
        ? "The tariff names no baseline period: savings are against the tariff's fixed value"
        : predicting
          ? `Savings ${methodText('model', card)} (adjusted R-squared ${percentText(card.adjustedRSquared)} %, CV(RMSE) ${percentText(card.cvRmse)} %, ${card.daysUsed} of ${card.baselineDays} days)${card.reason ? `. ${card.reason}` : ''}`
          : `The measured baseline cannot be used: ${card.reason ?? card.status}. Savings are against the tariff's fixed value`;
      return ok({
        ...answer,
        baselineFrom: tariff.baselineFrom,
        baselineTo: tariff.baselineTo,
        method: predicting ? ('model' as const) : ('tariff' as const),
        model: card,
        summary,
      });
    },
  );

  app.get(
    '/api/savings/summary',
    {
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'getSavingsSummary',
        summary:
          'The Savings page: one card per pod and sensor type with a saving in the window (the last closed day, week, month or 12 months), and the chart',
        querystring: summaryQuery,
        response: { 200: itemResponse(savingsSummary), ...errorResponses(400, 401, 404, 429) },
      },
      onRequest: authenticate,
    },
    async (request) => {
      const { scope } = callerOf(request);
      const { window, sensorType, ...place } = request.query;
      await checkPlaces(app.db, scope, place);
      return ok(await savingsSummaryOf(app.db, scope, { window, sensorType, place, now: new Date(), timeZone }));
    },
  );
}
