import { startPgCluster } from '@greenpod/server/testing';
import pg from 'pg';

/**
 * PostgreSQL for a benchmark: DATABASE_URL's server if set, else a throwaway cluster (the server's
 * test helper), removed afterwards. Returns a URL to a fresh database.
 */
export async function benchDatabase(name: string, port: number) {
  let adminUrl = process.env.DATABASE_URL;
  let stopCluster = () => {};
  if (!adminUrl) {
    // Commits are timed, so they flush as in production (fsync on).
    const cluster = await startPgCluster(port, { max_connections: 300, shared_buffers: '512MB', fsync: 'on' });
    adminUrl = cluster.url;
    stopCluster = cluster.remove;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      stopCluster();
    },
  };
}

/**
 * A database already on DATABASE_URL's server (a bench's `--database`: e.g. the 100 M readings bench:query
 * loaded), which a bench adds its own estate to: used as it is, never dropped.
 */
export function existingDatabase(name: string) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('--database names a database on DATABASE_URL: set DATABASE_URL');
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), async drop() {} };
}
