import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { seedBase } from '../seed/base-seed';
import { openTestDatabase } from '../test/test-database';
import { loggerOptions } from './logger-options';

/** The real request logger, its lines caught: a reset token is a password for an hour. */
const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(chunk.toString());
    done();
  },
});

let app: Awaited<ReturnType<typeof buildApp>>;
let db: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'greenpod-log-'));
  const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'no-web'), JWT_SECRET: 'x'.repeat(40) });
  db = await openTestDatabase();
  await seedBase(db, { adminEmail: 'admin@greenpod.test', adminPassword: 'admin-password-1' });
  app = await buildApp({ config, db, logger: loggerOptions('trace', capture) });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const TOKEN = 'Zq3sEcReT-t0ken_4b1dc9e8a7f6';
const body = { password: 'brand-new-pass', confirmPassword: 'brand-new-pass' };

describe('a password-reset token never reaches the logs', () => {
  it.each([
    ['the API call', 'PUT', `/api/user/resetPassword/${TOKEN}`],
    ['the API call with a query', 'PUT', `/api/user/resetPassword/${TOKEN}?x=1`],
    ['the page the mailed link opens', 'GET', `/user/resetPassword/${TOKEN}`],
    ['an unknown method on it', 'DELETE', `/api/user/resetPassword/${TOKEN}`],
    ['another spelling of the path', 'PUT', `/api/user/RESETPASSWORD/${TOKEN}`],
  ] as const)('%s', async (_name, method, url) => {
    lines.length = 0;
    await app.inject({ method, url, payload: body });
    expect(lines.join('')).toMatch(/resetPassword\/\[redacted\]/i);
    expect(lines.join('')).not.toContain(TOKEN);
  });

  it('a URL with a broken escape', async () => {
    lines.length = 0;
    await app.inject({ method: 'PUT', url: `/api/user/resetPassword/${TOKEN}%E0%A4%A`, payload: body });
    expect(lines.join('')).not.toContain(TOKEN);
  });

  it('nor an error logged while handling one', async () => {
    await db.query('ALTER TABLE password_reset RENAME TO password_reset_gone');
    try {
      lines.length = 0;
      const res = await app.inject({ method: 'PUT', url: `/api/user/resetPassword/${TOKEN}`, payload: body });
      expect(res.statusCode).toBe(500);
      const logged = lines.join('');
      expect(logged).toMatch(/"level":50/);
      expect(logged).not.toContain(TOKEN);
    } finally {
      await db.query('ALTER TABLE password_reset_gone RENAME TO password_reset');
    }
  });
});
