import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/open';
import { seedBase } from './seed/base-seed';

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
  const db = await openDatabase(config);
  const seed = await seedBase(db, { adminEmail: config.ADMIN_EMAIL, adminPassword: config.ADMIN_PASSWORD });
  const app = await buildApp({ config, db, logger: { level: config.LOG_LEVEL } });
  await app.listen({ port: config.PORT, host: config.HOST });

  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const lines = [
    '',
    `  Greenpod is running at ${url}`,
    `  Database: ${db.kind === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Admin sign-in: ${seed.adminEmail}`,
    seed.generatedPassword
      ? `  Admin password: ${seed.generatedPassword}   (generated now and shown only once: note it down)`
      : `  Admin password: ${config.ADMIN_PASSWORD && seed.adminCreated ? 'the ADMIN_PASSWORD you set' : 'as set when the administrator was created'}`,
    `  API documentation: ${url}/api/docs`,
    '',
  ];
  console.log(lines.join('\n'));

  const stop = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
