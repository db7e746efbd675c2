import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * PostgreSQL for a benchmark: DATABASE_URL's server if set, else a throwaway cluster run as the
 * postgres user (initdb refuses root), removed afterwards. Returns a URL to a fresh database.
 */
export async function benchDatabase(name: string, port: number) {
  let adminUrl = process.env.DATABASE_URL;
  let stopCluster = () => {};
  if (!adminUrl) {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
    const bin = `/usr/lib/postgresql/${versions[0]}/bin`;
    const dir = mkdtempSync(join(tmpdir(), 'greenpod-bench-pg-'));
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), 0);
    const asPg = (cmd: string, args: string[]) => {
      const r = spawnSync('runuser', ['-u', 'postgres', '--', `${bin}/${cmd}`, ...args], { stdio: 'pipe' });
      if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr.toString()}`);
    };
    asPg('initdb', ['-D', `${dir}/data`, '--auth=trust', '-U', 'postgres']);
    asPg('pg_ctl', [
      '-D',
      `${dir}/data`,
      '-l',
      `${dir}/log`,
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300 -c shared_buffers=512MB`,
      'start',
    ]);
    adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
    let stopped = false;
    stopCluster = () => {
      if (stopped) return;
      stopped = true;
      spawnSync('runuser', ['-u', 'postgres', '--', `${bin}/pg_ctl`, '-D', `${dir}/data`, '-m', 'fast', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    };
    // A bench that fails half-way leaves no cluster running (synchronous, as an exit handler must be).
    process.once('exit', stopCluster);
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
