import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock';
import { freePort, startServerProcess } from './server-process';

/** One process per PGlite data folder, told apart by real processes, and free again after a SIGKILL. */
const dataDir = mkdtempSync(join(tmpdir(), 'greenpod-lock-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// Another process holding the lock the way server.ts takes it.
function holder() {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import('./src/data-dir-lock.ts').then((m) => m.lockDataDir(${JSON.stringify(dataDir)})).then(() => { console.log('held'); setInterval(() => {}, 1000); })`,
    ],
    { cwd: resolve(import.meta.dirname, '..'), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise<typeof child>((ok, fail) => {
    child.stdout.once('data', () => ok(child));
    child.once('exit', (code) => fail(new Error(`holder exited with ${code}`)));
  });
}

describe.skipIf(process.env.DATABASE_URL)('DATA_DIR lock (PGlite)', () => {
  it('refuses a second server on the same DATA_DIR and points to PostgreSQL; a SIGKILLed holder frees it', async () => {
    const first = await holder();
    const second = startServerProcess({
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      MQTT_PORT: String(await freePort()),
    });
    await expect(second).rejects.toThrow(/exited with 1:[\s\S]*in use by another Greenpod process[\s\S]*PostgreSQL/);

    const exited = new Promise((r) => first.once('exit', r));
    first.kill('SIGKILL');
    await exited;
    // The kernel drops the lock once the holder's flock child sees its pipe close.
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        (await lockDataDir(dataDir)).release();
        break;
      } catch (err) {
        if (Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }, 60_000);
});
