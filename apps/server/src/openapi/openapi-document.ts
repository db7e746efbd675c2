import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPglite } from '../db/database';
import { migrate } from '../db/migrate';

/**
 * The OpenAPI document the server serves at /api/docs/json, built from the real app on an empty
 * in-memory PGlite without listening: what `npm run lint:openapi` checks and a client generator reads.
 */
export async function openApiDocument(): Promise<unknown> {
  const dataDir = mkdtempSync(join(tmpdir(), 'greenpod-openapi-'));
  const db = await openPglite();
  try {
    await migrate(db);
    const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'no-web') });
    const app = await buildApp({ config, db });
    try {
      await app.ready();
      return app.swagger();
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
