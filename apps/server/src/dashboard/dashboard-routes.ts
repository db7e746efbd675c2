import {
  DEFAULT_NOTIFICATION_MARGIN,
  dashboardCardSchema,
  formatWireTime,
  type GraphData,
  graphDataSchema,
} from '@greenpod/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf } from '../auth/caller';
import { notFound } from '../http/errors';
import { bearerSecurity, errorResponses, exactPagingSchema, itemResponse, ok, shortcode } from '../http/route-schemas';
import { cardLimits } from './card-limits';
import { listCards } from './cards';
import { meansByBucket } from './chart-query';
import { countQuery, graphQuery, placeOf, readStatQuery, statAllQuery, windowOf } from './dashboard-params';
import { chartPods, checkPlaces, dashboardClient } from './dashboard-scope';
import { areaPodCounts, podCounts } from './place-counts';
import { planBuckets } from './window';

const tags = ['dashboard'];
const errors = errorResponses(400, 401, 404);
const cardsResponse = itemResponse(z.object({ results: z.array(dashboardCardSchema) })).extend({
  paging: exactPagingSchema,
});
const graphResponse = itemResponse(graphDataSchema);
const areaPodCountResponse = itemResponse(
  z.array(z.object({ locationId: z.number(), areaCount: z.number(), podCount: z.number() })),
);
const podCountResponse = itemResponse(z.array(z.object({ areaId: z.number(), podCount: z.number() })));

/** The viewer dashboard's reads (docs/api.md#dashboards), every one limited to the caller's scope. */
export async function dashboardRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // stat-all and its live twin answer the same cards; only the window differs.
  const cards = async (query: z.output<typeof statAllQuery>, caller: ReturnType<typeof callerOf>, live: boolean) => {
    const q = readStatQuery(query);
    const fields = live ? { ...q.fields, mode: 'live' as const } : q.fields;
    const { window } = windowOf(fields, new Date());
    const filter = placeOf(fields);
    // At once: each read keeps to the caller's scope on its own, and a filter outside it answers 404 whatever they
    // found. When the database is busy, each round trip is a wait: this is one, where it was two to six.
    const [, page, limits] = await Promise.all([
      checkPlaces(app.db, caller.scope, filter),
      listCards(app.db, caller.scope, {
        filter,
        window,
        skip: q.skip,
        limit: q.limit,
        search: q.search,
        direction: q.direction,
      }),
      cardLimits(app.db, caller.scope, filter),
    ]);
    const results = page.results.map((card) => {
      const l = limits.get(card.id);
      return { ...card, notificationMargin: l?.margin ?? DEFAULT_NOTIFICATION_MARGIN, limits: l?.limits ?? [] };
    });
    return { ...ok({ results }), paging: { skip: q.skip, limit: q.limit, total: page.total } };
  };

  app.get(
    '/api/stat-all',
    {
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'listCards',
        querystring: statAllQuery,
        response: { 200: cardsResponse, ...errors },
        summary:
          'Dashboard cards: locations, the areas of locationID, or the pods of areaID, with mean readings over the window',
      },
      onRequest: authenticate,
    },
    async (request) => cards(request.query, callerOf(request), false),
  );

  app.get(
    '/api/stat-all/liveperformance',
    {
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'listLiveCards',
        querystring: statAllQuery,
        response: { 200: cardsResponse, ...errors },
        summary: 'Dashboard cards over the last `minutes` (10..60, default 30)',
      },
      onRequest: authenticate,
    },
    async (request) => cards(request.query, callerOf(request), true),
  );

  app.get(
    '/api/graph',
    {
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'getGraph',
        querystring: graphQuery,
        response: { 200: graphResponse, ...errors },
        summary: 'Mean readings per sensor type in at most 500 buckets: [value, bucket start (UTC)]',
      },
      onRequest: authenticate,
    },
    async (request) => {
      const caller = callerOf(request);
      const now = new Date();
      const { window, tz } = windowOf(request.query, now);
      const filter = placeOf(request.query);
      const chart = planBuckets(window, tz);
      const { edges } = chart;
      // At once, as the cards: the means keep to the caller's pods on their own.
      const [, rows] = await Promise.all([
        checkPlaces(app.db, caller.scope, filter),
        meansByBucket(app.db, chartPods(caller.scope, filter), window, chart, now),
      ]);
      const data: GraphData = {};
      for (const row of rows) {
        const start = edges[row.bucket - 1];
        if (!start) continue;
        const series = data[row.sensorType] ?? [];
        series.push([row.avg, formatWireTime(start)]);
        data[row.sensorType] = series;
      }
      return ok(data);
    },
  );

  app.get(
    '/api/areaPodCount',
    {
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'countAreasAndPodsPerLocation',
        summary: 'Visible areas and pods per visible location',
        response: { 200: areaPodCountResponse, ...errorResponses(401) },
      },
      onRequest: authenticate,
    },
    async (request) => ok(await areaPodCounts(app.db, callerOf(request).scope)),
  );

  app.get(
    '/api/podCount',
    {
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'countPodsPerArea',
        querystring: countQuery,
        summary: 'Visible pods per visible area (of one location with locationId)',
        response: { 200: podCountResponse, ...errors },
      },
      onRequest: authenticate,
    },
    async (request) => {
      const { scope } = callerOf(request);
      const { locationId } = request.query;
      await checkPlaces(app.db, scope, { locationId });
      return ok(await podCounts(app.db, scope, locationId));
    },
  );

  app.get(
    '/api/dashboard-client/:groupShortcode/:clientShortcode',
    {
      schema: {
        tags,
        security: bearerSecurity,
        operationId: 'getDashboardClient',
        summary:
          "The client a shortcode link names, for its dashboard's clientId filter (404 unless the caller sees it)",
        params: z.object({ groupShortcode: shortcode, clientShortcode: shortcode }),
        response: { 200: itemResponse(z.object({ id: z.number(), title: z.string() })), ...errors },
      },
      onRequest: authenticate,
    },
    async (request) => {
      const { groupShortcode, clientShortcode } = request.params;
      const client = await dashboardClient(app.db, callerOf(request).scope, groupShortcode, clientShortcode);
      if (!client) throw notFound('Client');
      return ok(client);
    },
  );
}
