import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { seedBase } from '../seed/base-seed';
import { openTestDatabase } from './test-database';

export const ADMIN = { email: 'admin@greenpod.test', password: 'admin-password-1' };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface Answer {
  status: number;
  body: {
    success: boolean;
    data?: unknown;
    error?: string;
    validationErrors?: Record<string, string[]>;
    paging?: { skip: number; limit: number; total: number; totalIsLowerBound?: boolean };
    [k: string]: unknown;
  };
  headers: Record<string, unknown>;
}

/**
 * The real app on a fresh database, with the real outbox mailer writing to a temp folder. An
 * `env.DATABASE_URL` puts that database on this server (and tells the app, as DATABASE_URL would).
 */
export async function createTestApp(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'greenpod-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    WEB_DIST: join(dataDir, 'no-web'),
    // Tests never reach the internet; weather.test.ts points this at a local stand-in.
    WEATHER_URL: '',
    LOGIN_RATE_LIMIT: '1000',
    RESET_RATE_LIMIT: '1000',
    // Tests call quickly and in parallel as one administrator; request-budget.test.ts sets its own.
    REQUEST_RATE_LIMIT: '1000000',
    REQUEST_CONCURRENCY_LIMIT: '1000',
    ...env,
  });
  const db = await openTestDatabase(env.DATABASE_URL);
  await seedBase(db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password });
  const app = await buildApp({ config, db });
  await app.ready();

  async function call(
    method: Method,
    url: string,
    opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const res = await app.inject({
      method,
      url,
      headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
    let body: Answer['body'];
    try {
      body = res.json();
    } catch {
      body = { success: false, error: res.body };
    }
    return { status: res.statusCode, body, headers: res.headers };
  }

  async function login(email: string, password: string): Promise<string> {
    const res = await call('POST', '/api/user/login', { body: { email, password } });
    if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${res.body.error}`);
    return res.body.token as string;
  }

  return {
    app,
    db,
    config,
    call,
    login,
    adminToken: await login(ADMIN.email, ADMIN.password),
    outbox: () => {
      const dir = join(dataDir, 'outbox');
      try {
        return readdirSync(dir)
          .sort()
          .map((f) => readFileSync(join(dir, f), 'utf8'));
      } catch {
        return [];
      }
    },
    async close() {
      await app.close();
      await db.drop();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
