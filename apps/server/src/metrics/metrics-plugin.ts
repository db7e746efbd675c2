import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics } from 'prom-client';
import { AppMetrics } from './app-metrics';
import { checkMetricsCaller, metricsAccess } from './metrics-access';
import { registerScrapeGauges } from './scrape-gauges';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics, or null when they are off (README.md#monitoring). */
    metrics: AppMetrics | null;
  }
}

export const METRICS_PATH = '/metrics';
// The route ingest requests are counted on when refused as a whole (telemetry/ingest-routes.ts).
const INGEST_ROUTE = '/api/ingest';
const INGEST_REFUSALS: Record<number, string> = {
  400: 'malformed',
  401: 'unauthorized',
  413: 'too_large',
  429: 'overloaded',
  503: 'unavailable',
};
// Requests no route matched (unknown paths, the web app's client routes): one label, not their URLs.
const UNMATCHED = '(unmatched)';

/**
 * GET /metrics in Prometheus' text format, and the request timing every route gets, when METRICS or
 * METRICS_TOKEN is set; otherwise nothing at all is registered and /metrics is an unknown path.
 * Register before the routes: the timing hook must cover them.
 */
export function registerMetrics(app: FastifyInstance) {
  const access = metricsAccess(app.config);
  if (access.mode === 'off') {
    app.decorate('metrics', null);
    return;
  }
  const metrics = new AppMetrics();
  app.decorate('metrics', metrics);
  // Process CPU, RSS, heap, event-loop lag (p50/p90/p99 since the last scrape), GC: the names every
  // Node.js dashboard expects (process_*, nodejs_*), so without the greenpod_ prefix.
  collectDefaultMetrics({ register: metrics.registry });
  registerScrapeGauges(metrics.registry, {
    db: app.db,
    otherPools: () => metrics.threadPools,
    pendingReadings: () => (app.hasDecorator('ingest') ? app.ingest.pending : undefined),
    onQueryError: (err) => app.log.warn({ err }, 'metrics: the queue gauges could not be read'),
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    if (route === INGEST_ROUTE && reply.statusCode >= 400)
      metrics.ingestRequestRefused('http', INGEST_REFUSALS[reply.statusCode] ?? 'error');
  });

  app.get(
    METRICS_PATH,
    {
      // Not part of the JSON API (docs/api.md#metrics), and present only when configured.
      schema: { hide: true },
      onRequest: async (request) => checkMetricsCaller(access, request),
    },
    async (_request, reply) => {
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(text);
    },
  );
}
