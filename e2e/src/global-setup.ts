import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '@greenpod/server/testing';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildProductionWeb } from './production-build';

export const ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' };
// No test changes this account: a test that needs a changed password makes a user of its own.
const root = resolve(import.meta.dirname, '../..');

/** Builds the SPA and starts the real server (PGlite, or a fresh database on DATABASE_URL). */
export default async function setup(project: TestProject) {
  buildProductionWeb(root);
  const dataDir = mkdtempSync(join(tmpdir(), 'greenpod-e2e-'));
  const port = await freePort();
  const mqttPort = await freePort();
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (process.env.DATABASE_URL) {
    const name = `greenpod_e2e_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    // The dashboards are tested against the demo estate and its simulator, as a newcomer first sees them.
    GREENPOD_DEMO: '1',
    // A year's history costs the seed 46 s of each run and the first savings pass more; no test reads back so far.
    DEMO_HISTORY_DAYS: '45',
    MQTT_PORT: String(mqttPort),
    WEATHER_URL: '', // no internet in tests: cards go without weather
    DATABASE_URL: databaseUrl ?? '',
  };
  const server: ChildProcess = spawn(join(root, 'node_modules/.bin/tsx'), ['apps/server/src/server.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('server did not start in 5 minutes')), 300_000);
    server.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Greenpod is running')) {
        clearTimeout(timer);
        ok();
      }
    });
    server.once('exit', (code) => fail(new Error(`server exited with ${code}`)));
  });
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('dataDir', dataDir);
  project.provide('mqttPort', mqttPort);
  // The administrator signs in once for the whole run: each file signing in again would spend the account's
  // sign-in allowance (LOGIN_RATE_LIMIT, as a real user has it) and the run would end in 429s.
  const login = await fetch(`http://127.0.0.1:${port}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  const session = (await login.json()) as { token?: string; user?: unknown };
  if (!session.token)
    throw new Error(`the administrator could not sign in: ${login.status} ${JSON.stringify(session)}`);
  project.provide('adminSession', { token: session.token, user: session.user });
  return async () => {
    server.kill('SIGTERM');
    await new Promise((ok) => server.once('exit', ok));
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    mqttPort: number;
    adminSession: { token: string; user: unknown };
  }
}
