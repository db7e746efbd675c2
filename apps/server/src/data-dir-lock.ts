import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

// flock's exit status when the lock stayed taken (-E), apart from its own errors. It waits a few
// seconds first: a holder just killed releases it only once its flock child has seen the pipe close.
const TAKEN = 75;

/**
 * PGlite is one process's database: a second process on the same DATA_DIR opens its own copy of the
 * files and the two overwrite each other. So the first takes an exclusive flock(2) on DATA_DIR/.lock,
 * held by a `flock` child for as long as this process lives: the kernel drops it when the child exits,
 * and the child exits when its stdin (a pipe from this process) closes, which a SIGKILL of this process
 * does too. No pid file to go stale or to be mistaken for another process's pid.
 */
export async function lockDataDir(dir: string): Promise<{ release(): void }> {
  const child = spawn(
    'flock',
    [
      '--timeout',
      '3',
      '--conflict-exit-code',
      String(TAKEN),
      join(dir, '.lock'),
      'sh',
      '-c',
      'echo locked; exec cat >/dev/null',
    ],
    {
      stdio: ['pipe', 'pipe', 'ignore'],
    },
  );
  await new Promise<void>((ok, fail) => {
    child.once('error', (err) => fail(new DataDirLockedError(`DATA_DIR ${dir} could not be locked (${err.message})`)));
    child.stdout?.once('data', () => ok());
    child.once('exit', (code) =>
      fail(
        new DataDirLockedError(
          code === TAKEN
            ? `DATA_DIR ${dir} is in use by another Greenpod process. PGlite keeps one process's database: for several instances use PostgreSQL (DATABASE_URL; README: Modes).`
            : `DATA_DIR ${dir} could not be locked (flock exited with ${code})`,
        ),
      ),
    );
  });
  // The child must not keep this process alive, nor end with it by accident.
  unref(child);
  return { release: () => child.kill() };
}

function unref(child: ChildProcess) {
  child.unref();
  for (const s of [child.stdin, child.stdout]) (s as unknown as { unref?: () => void } | null)?.unref?.();
}
