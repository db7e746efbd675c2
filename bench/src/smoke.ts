/**
 * bench/smoke: every bench once at a tiny size, so a bench that no longer runs fails CI (bench/ingest once
 * died in its set-up and nothing noticed). Checks that each runs to its end; its figures mean nothing.
 *   npm run bench:smoke
 * With DATABASE_URL the PostgreSQL benches use that server, else each starts a throwaway cluster.
 * bench:web needs the web app built (`npm run build`; CI's e2e pass has built it).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const scratch = mkdtempSync(join(tmpdir(), 'greenpod-bench-smoke-'));
process.once('exit', () => rmSync(scratch, { recursive: true, force: true }));

const RUNS: [script: string, args: string[]][] = [
  ['bench:ingest', ['--http-batches', '2', '--mqtt-clients', '2', '--mqtt-messages', '5', '--in-flight', '2']],
  [
    'bench:query',
    ['--pods', '2', '--readings', '4000', '--runs', '3', '--case-seconds', '1', '--pglite-dir', join(scratch, 'query')],
  ],
  [
    'bench:stall',
    [
      ...['--readings', '4000', '--pglite-readings', '4000', '--pods', '2', '--concurrency', '4', '--seconds', '1'],
      ...['--refill-seconds', '0', '--pglite-dir', join(scratch, 'stall')],
    ],
  ],
  [
    'bench:rules',
    ['--rules', '16', '--pods', '2', '--rounds', '1', '--samples', '2', '--warm-up', '2', '--probe-timeout-s', '30'],
  ],
  ['rules:profile -w bench', ['--pods', '2', '--rules', '16', '--rounds', '1']],
  ['bench:test-databases', ['--rounds', '1']],
  ['bench:savings', ['--pods', '3', '--days', '120']],
  ['bench:score', ['--pods', '4', '--runs', '3']],
  ['bench:report', ['--pods', '4', '--runs', '2']],
  ['bench:web', ['--soak-minutes', '0', '--no-build', '--demo-days', '2', '--data-dir', join(scratch, 'web')]],
];

const failed: string[] = [];
const started = performance.now();
for (const [script, args] of RUNS) {
  const command = `npm run ${script} -- ${args.join(' ')}`;
  console.log(`\n== ${command}`);
  const t = performance.now();
  const run = spawnSync('npm', ['run', ...script.split(' '), '--', ...args], { cwd: ROOT, stdio: 'inherit' });
  const seconds = ((performance.now() - t) / 1000).toFixed(0);
  if (run.status === 0) console.log(`== ${script} ran (${seconds} s)`);
  else {
    console.log(`== ${script} FAILED (exit ${run.status ?? run.signal}, ${seconds} s)`);
    failed.push(script);
  }
}
console.log(
  `\nbench:smoke: ${RUNS.length - failed.length} of ${RUNS.length} benches ran in ${((performance.now() - started) / 1000).toFixed(0)} s` +
    (failed.length ? `; failed: ${failed.join(', ')}` : ''),
);
process.exit(failed.length ? 1 : 0);
