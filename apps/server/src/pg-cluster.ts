import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PG_ROOT = '/usr/lib/postgresql';

/** The newest installed PostgreSQL's bin folder (Debian's layout), or null where there is none. */
export function pgBinDir(): string | null {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(join(PG_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(PG_ROOT, versions[0], 'bin') : null;
}

export interface PgCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  readonly url: string;
  readonly port: number;
  /** pg_ctl start, waiting until it accepts connections. */
  start(): Promise<void>;
  /** pg_ctl stop: 'fast' ends sessions with admin_shutdown (57P01), 'immediate' drops them. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops the server if it runs and deletes the cluster; synchronous, so an exit handler may call it. */
  remove(): void;
}

/**
 * A throwaway PostgreSQL cluster in a temp folder, on `port` at 127.0.0.1 (tests that stop and start
 * the server, and bench without DATABASE_URL). initdb refuses root, so as root it runs as the postgres
 * user. `settings` are `-c` server settings (fsync is off unless they say otherwise).
 */
export async function startPgCluster(port: number, settings: Record<string, string | number> = {}): Promise<PgCluster> {
  const bin = pgBinDir();
  if (!bin) throw new Error(`no PostgreSQL binaries under ${PG_ROOT}`);
  const dir = mkdtempSync(join(tmpdir(), 'greenpod-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), 0);
  const command = (cmd: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] : [join(bin, cmd), args];
  const pg = async (cmd: string, args: string[]) => {
    const [file, all] = command(cmd, args);
    try {
      await run(file, all);
    } catch (err) {
      throw new Error(`${cmd} failed: ${(err as { stderr?: string }).stderr ?? String(err)}`);
    }
  };
  const data = join(dir, 'data');
  // A throwaway cluster need not survive a power cut (a benchmark timing commits sets fsync back on).
  const all = { listen_addresses: '127.0.0.1', fsync: 'off', ...settings };
  const options = [`-p ${port}`, `-k ${dir}`, ...Object.entries(all).map(([k, v]) => `-c ${k}=${v}`)].join(' ');
  let running = false;
  let removed = false;
  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await pg('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', options, 'start']);
      running = true;
    },
    async stop(mode = 'fast') {
      await pg('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
      running = false;
    },
    remove() {
      if (removed) return;
      removed = true;
      process.removeListener('exit', cluster.remove);
      if (running) spawnSync(...command('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']));
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
  // A run that fails half-way leaves no server running.
  process.once('exit', cluster.remove);
  try {
    await pg('initdb', ['-D', data, '--auth=trust', '-U', 'postgres']);
    await cluster.start();
  } catch (err) {
    cluster.remove();
    throw err;
  }
  return cluster;
}
