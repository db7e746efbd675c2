import { type ChildProcess, execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort } from './server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'greenpod-orphan-'));
let caller: ChildProcess | undefined;
let orphan: number | undefined;
afterAll(() => {
  caller?.kill('SIGKILL');
  // Without the fix the server outlives the test: it must not outlive the run too.
  if (orphan) process.kill(orphan, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** What a bench does: start the server, then fail half-way. */
const failingCaller = (port: number, mqttPort: number) => `
  import { startServerProcess } from ${JSON.stringify(join(import.meta.dirname, 'server-process.ts'))};
  const server = await startServerProcess({
    PORT: '${port}', MQTT_PORT: '${mqttPort}', DATA_DIR: ${JSON.stringify(dataDir)}, ADMIN_PASSWORD: 'orphan-pass-1',
  }, 150_000);
  console.log(server.pid);
  throw new Error('the bench failed half-way');
`;

const answers = (port: number) =>
  fetch(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  );

// The server runs on PGlite here whatever DATABASE_URL says (startServerProcess clears it): a PostgreSQL pass would
// repeat the PGlite pass's run.
describe.skipIf(process.env.DATABASE_URL)('startServerProcess', () => {
  it('stops the server when its caller dies of an error', async () => {
    const [port, mqttPort] = [await freePort(), await freePort()];
    const run = await new Promise<{ failed: boolean; stdout: string }>((ok) => {
      caller = execFile(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', failingCaller(port, mqttPort)],
        (err, stdout) => ok({ failed: err !== null, stdout }),
      );
    });
    expect(run.failed).toBe(true);
    orphan = Number(run.stdout.trim());
    expect(orphan).toBeGreaterThan(0);
    await vi.waitFor(async () => expect(await answers(port)).toBe(false), { timeout: 5_000, interval: 100 });
    orphan = undefined;
  }, 180_000); // a cold start of the real server
});
