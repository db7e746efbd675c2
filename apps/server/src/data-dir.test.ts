import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { apiClient, freePort, startServerProcess } from './server-process';

/** Everything under DATA_DIR is the service user's alone: the database, the JWT secret, live reset links. */
const dataDir = mkdtempSync(join(tmpdir(), 'greenpod-perms-'));
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? [path, ...walk(path)] : [path];
  });
}
const openToOthers = (path: string) => (statSync(path).mode & 0o077) !== 0;

// The server runs on PGlite here whatever DATABASE_URL says (startServerProcess clears it): a PostgreSQL pass would
// repeat the PGlite pass's run.
describe.skipIf(process.env.DATABASE_URL)('DATA_DIR permissions', () => {
  it('are owner-only for the folder and every file the server writes in it', async () => {
    chmodSync(dataDir, 0o755); // a folder made before this rule, open to everyone
    const port = await freePort();
    server = await startServerProcess({
      DATA_DIR: dataDir,
      PORT: String(port),
      MQTT_PORT: String(await freePort()),
      ADMIN_PASSWORD: 'perms-admin-pass',
      JWT_SECRET: '',
    });
    const res = await apiClient(`http://127.0.0.1:${port}`)('POST', '/api/user/resetPassword', {
      email: 'admin@greenpod.local',
    });
    expect(res.status).toBe(200);
    await vi.waitFor(() =>
      expect(existsSync(join(dataDir, 'outbox')) && readdirSync(join(dataDir, 'outbox'))).toHaveLength(1),
    );

    const files = walk(dataDir);
    expect(files).toContain(join(dataDir, 'jwt-secret'));
    expect(files.some((f) => f.startsWith(join(dataDir, 'pglite')))).toBe(true);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(files.filter(openToOthers)).toEqual([]);

    // A clean stop (PGlite's last checkpoint) and a start on the existing database keep it so.
    const stopped = new Promise((ok) => server?.once('exit', ok));
    server.kill('SIGTERM');
    await stopped;
    const again = await freePort();
    server = await startServerProcess({
      DATA_DIR: dataDir,
      PORT: String(again),
      MQTT_PORT: String(await freePort()),
      ADMIN_PASSWORD: 'perms-admin-pass',
    });
    expect(
      (
        await apiClient(`http://127.0.0.1:${again}`)('POST', '/api/user/resetPassword', {
          email: 'admin@greenpod.local',
        })
      ).status,
    ).toBe(200);
    await vi.waitFor(() => expect(readdirSync(join(dataDir, 'outbox'))).toHaveLength(2));
    expect(walk(dataDir).filter(openToOthers)).toEqual([]);
  }, 120_000); // two real server starts (tsx compiles the server each time): slow on a busy 2-core machine
});
