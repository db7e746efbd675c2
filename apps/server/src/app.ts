import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import jwt from '@fastify/jwt';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import qs from 'qs';
import { aggregateRoutes } from './aggregates/aggregate-routes';
import { alertCardRoutes } from './alert-cards/card-routes';
import { registerAlarmHealthMail } from './alerts/alarm-health-mail';
import { alarmHealthRoutes } from './alerts/alarm-health-routes';
import { registerRuleWorker } from './alerts/rule-worker-plugin';
import { registerRulesLagGuard } from './alerts/rules-lag-guard';
import { assetRoutes } from './assets/asset-routes';
import { authRoutes } from './auth/auth-routes';
import { passwordChangeRoutes } from './auth/password-change-routes';
import type { Config } from './config';
import { crudRoutes } from './crud/crud-routes';
import { dashboardRoutes } from './dashboard/dashboard-routes';
import type { Database } from './db/database';
import { HttpError } from './http/errors';
import { openApiOptions } from './http/openapi-options';
import { liveRoutes } from './live/live-routes';
import { createMailer, type Mailer } from './mail/mailer';
import { geocodeRoutes } from './map/geocode-routes';
import { locationMarkerRoutes } from './map/location-markers-routes';
import { mapSettingsRoutes } from './map/map-settings-routes';
import { registerMetrics } from './metrics/metrics-plugin';
import { ownNotificationRoutes } from './notifications/own-notification-routes';
import { cspDirectives, swaggerUiCsp } from './plugins/content-security-policy';
import { frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { pgRateLimitStore } from './plugins/rate-limit-store';
import { registerRequestBudget } from './plugins/request-budget';
import { registerWebApp, spaShell } from './plugins/web-app';
import { reportRoutes } from './reports/report-routes';
import { reportSubscriptionRoutes } from './reports/report-subscription-routes';
import { savingsRoutes } from './savings/savings-routes';
import { scoreRoutes } from './score/score-routes';
import { registerBrokerCredentials } from './telemetry/broker-credentials';
import { ingestRoutes } from './telemetry/ingest-routes';
import { IngestService } from './telemetry/ingest-service';
import { forgetPodsOnOwnWrites } from './telemetry/pod-directory-writes';
import { pageThemeOf } from './themes/page-theme';
import { themeRoutes } from './themes/theme-routes';
import { tipRoutes } from './tips/tip-routes';
import { weatherRoutes } from './weather/weather-routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    mailer: Mailer;
  }
}

export interface AppOptions {
  config: Config;
  db: Database;
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
}

/** The app: plugins and routes. Listening, start-up and shutdown live in server.ts. */
export async function buildApp({ config, db, logger = false, mailer }: AppOptions) {
  const app = Fastify({
    logger,
    // Behind a reverse proxy its X-Forwarded-For names the client (request.ip, the rate-limit key).
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    routerOptions: {
      querystringParser: (s: string) => qs.parse(s, { depth: 4, arrayLimit: 100, parameterLimit: 200 }),
    },
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate(
    'mailer',
    mailer ??
      createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        outboxDir: join(config.DATA_DIR, 'outbox'),
        log: app.log,
      }),
  );
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const csp = cspDirectives(config.MAP_TILE_URL);
  const spa = existsSync(join(config.WEB_DIST, 'index.html'))
    ? spaShell(config.WEB_DIST, csp, (url) => pageThemeOf(db, url))
    : undefined;
  registerErrorHandler(app, { spa });
  registerMetrics(app);

  await app.register(helmet, { contentSecurityPolicy: { directives: csp } });
  await app.register(jwt, { secret: jwtSecret(config), sign: { expiresIn: config.JWT_EXPIRES_IN } });
  registerRequestBudget(app, { perMinute: config.REQUEST_RATE_LIMIT, concurrent: config.REQUEST_CONCURRENCY_LIMIT });
  await app.register(rateLimit, {
    global: false,
    store: pgRateLimitStore(db),
    errorResponseBuilder: (_req, ctx) => new HttpError(429, `Too many attempts. Please try again in ${ctx.after}.`),
  });
  await app.register(swagger, openApiOptions(config.PUBLIC_URL));
  await app.register(swaggerUi, { routePrefix: '/api/docs', transformStaticCSP: swaggerUiCsp });

  await app.register(authRoutes);
  await app.register(passwordChangeRoutes);
  app.decorate('ingest', new IngestService(db, app.log, app.metrics ?? undefined, config.INGEST_QUEUE_LIMIT));
  await app.ingest.watchPods();
  app.addHook('onClose', () => app.ingest.close());
  forgetPodsOnOwnWrites(app);
  registerBrokerCredentials(app);
  await app.register(ingestRoutes);
  registerRulesLagGuard(app);
  // Off on ingest-only instances (README, "Modes"): the queue waits for an instance that runs it.
  if (config.RULES_WORKER) {
    registerRuleWorker(app);
    registerAlarmHealthMail(app);
  }
  await app.register(alarmHealthRoutes);
  await app.register(themeRoutes);
  await app.register(ownNotificationRoutes);
  await app.register(crudRoutes);
  await app.register(assetRoutes);
  await app.register(dashboardRoutes);
  await app.register(liveRoutes);
  await app.register(aggregateRoutes);
  await app.register(alertCardRoutes);
  await app.register(locationMarkerRoutes);
  await app.register(tipRoutes);
  await app.register(savingsRoutes);
  await app.register(weatherRoutes);
  await app.register(mapSettingsRoutes);
  await app.register(geocodeRoutes);
  await app.register(scoreRoutes);
  await app.register(reportRoutes);
  await app.register(reportSubscriptionRoutes);
  if (spa) await registerWebApp(app, config.WEB_DIST);
  return app;
}

/** JWT_SECRET, or one generated once and kept in the data folder so sessions survive a restart. */
function jwtSecret(config: Config): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = join(config.DATA_DIR, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
