import { startAggregateScheduler } from './aggregates/aggregate-scheduler';
import { buildApp } from './app';
import { publicBase } from './auth/account-mails';
import { ConfigError, loadConfig } from './config';
import { keepDataDirPrivate } from './data-dir';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';
import { openDatabase } from './db/open';
import { startIngestThread } from './ingest-thread/ingest-thread';
import { loggerOptions } from './plugins/logger-options';
import { startMonthlyReportScheduler } from './reports/monthly-report-scheduler';
import { storeReportMonths } from './reports/report-months';
import { startSavingsScheduler } from './savings/savings-scheduler';
import { startScoreScheduler } from './score/score-scheduler';
import { seedBase } from './seed/base-seed';
import { seedDemoEstate } from './seed/demo-estate';
import { demoPodsPath } from './seed/demo-pods-file';
import { progressBar } from './seed/progress-bar';
import { demoEnabled, startDemoStream } from './simulator/demo-stream';
import { brokerCredentialsAtStart } from './telemetry/broker-credentials';
import { startMaintenance } from './telemetry/maintenance';
import { type MqttSource, startMqttIngest } from './telemetry/mqtt-source';
import { defaultClientId } from './telemetry/mqtt-subscriber';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const dataDir = keepDataDirPrivate(config.DATA_DIR);
  if (dataDir.warning) console.warn(dataDir.warning);
  // Before PGlite opens the files: a second process on them would split the database in two.
  if (!config.DATABASE_URL) {
    try {
      await lockDataDir(config.DATA_DIR);
    } catch (err) {
      if (!(err instanceof DataDirLockedError)) throw err;
      console.error(err.message);
      process.exit(1);
    }
  }
  const db = await openDatabase(config);
  const seed = await seedBase(db, { adminEmail: config.ADMIN_EMAIL, adminPassword: config.ADMIN_PASSWORD });
  const demo = demoEnabled(config);
  if (demo)
    await seedDemoEstate(db, {
      podsFile: demoPodsPath(config.DATA_DIR),
      historyDays: config.DEMO_HISTORY_DAYS,
      progress: progressBar(),
    });
  const app = await buildApp({ config, db, logger: loggerOptions(config.LOG_LEVEL) });
  await app.listen({ port: config.PORT, host: config.HOST });
  const brokerWarning = config.MQTT_URL ? await brokerCredentialsAtStart(app) : null;
  if (brokerWarning) app.log.warn(brokerWarning);
  const mqttFrom: MqttSource = config.MQTT_URL
    ? { kind: 'external', url: config.MQTT_URL, clientId: config.MQTT_CLIENT_ID ?? defaultClientId(config.PORT) }
    : { kind: 'embedded', port: config.MQTT_PORT, host: config.HOST };
  const mqtt =
    config.DATABASE_URL && config.INGEST_THREAD
      ? await startIngestThread({
          ingest: app.ingest,
          metrics: app.metrics,
          log: app.log,
          data: {
            databaseUrl: config.DATABASE_URL,
            queueLimit: config.INGEST_QUEUE_LIMIT,
            logLevel: config.LOG_LEVEL,
            mqtt: mqttFrom,
          },
          onExit: (err) => {
            // Without it no MQTT reading is taken: end, so whatever supervises the process starts it again.
            app.log.fatal({ err }, 'the ingest thread ended; stopping');
            process.exit(1);
          },
        })
      : await startMqttIngest(mqttFrom, app.ingest, app.log);
  // Only into the embedded broker: an external one checks pods against credentials it manages itself.
  const brokerPort = mqtt.port ?? config.MQTT_PORT;
  const simulator = demo && !config.MQTT_URL ? await startDemoStream({ config, brokerPort, log: app.log }) : undefined;
  const maintenance = startMaintenance(db, { retentionDays: config.RAW_RETENTION_DAYS, log: app.log });
  const aggregates = startAggregateScheduler(db, app.log, { timeZone: config.AGGREGATE_TIMEZONE });
  // After the aggregates scheduler: its first pass catches up the last 12 months' savings (docs/domain.md#savings).
  const savings = startSavingsScheduler(db, app.log, { timeZone: config.AGGREGATE_TIMEZONE });
  // The score's pass also sums each closed month's figures that reports read (docs/domain.md#reports).
  const scores = startScoreScheduler(db, app.log, { afterScores: storeReportMonths });
  // New savings move the score's energy part: score again after a pass that wrote some (docs/domain.md#green-score).
  savings.onComputed.push(async (pass) => {
    if (pass.computed > 0) void scores.run();
  });
  // A month's reports wait for its savings (docs/domain.md#the-monthly-report-mail): a pass that wrote some may release them.
  const reports = startMonthlyReportScheduler(db, app.log, {
    timeZone: config.AGGREGATE_TIMEZONE,
    baseUrl: publicBase(app),
    assetDir: config.ASSET_DIR,
  });
  savings.onComputed.push(async (pass) => {
    if (pass.computed > 0) void reports.run();
  });

  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const lines = [
    '',
    `  Greenpod is running at ${url}`,
    `  Database: ${db.kind === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)'}`,
    ...(seed.restored
      ? ['  No active, verified administrator was left: this account was restored as one (README: Accounts and access)']
      : []),
    `  Admin sign-in: ${seed.adminEmail}`,
    seed.generatedPassword
      ? `  Admin password: ${seed.generatedPassword}   (generated now and shown only once: note it down)`
      : `  Admin password: ${config.ADMIN_PASSWORD && seed.adminCreated ? 'the ADMIN_PASSWORD you set' : 'as set when the administrator was created'}`,
    `  MQTT: ${config.MQTT_URL ? `subscribed to ${withoutPassword(config.MQTT_URL)}` : `broker on port ${brokerPort} (topic pods/<identifier>/readings)`}`,
    `  API documentation: ${url}/api/docs`,
    ...(simulator
      ? [
          `  Demo: ${simulator.connected} pods streaming live readings every ${config.SIMULATOR_INTERVAL_SECONDS} s (GREENPOD_DEMO=0 for an empty instance)`,
        ]
      : []),
    '',
  ];
  console.log(lines.join('\n'));

  const stop = async () => {
    await maintenance.stop();
    await aggregates.stop();
    await savings.stop();
    await scores.stop();
    await reports.stop();
    await simulator?.stop();
    await mqtt.close();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** The banner and logs must not show the subscriber's password (it also lets into the broker). */
function withoutPassword(url: string) {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
