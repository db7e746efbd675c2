/**
 * bench/smoke: every bench once at a tiny size, so a bench that no longer runs fails CI (bench/ingest once
 * died in its set-up and nothing noticed). Checks that each runs to its end; its figures mean nothing.
 *   npm run bench:smoke
 * With DATABASE_URL the PostgreSQL benches use that server, else each starts a throwaway cluster.
 * Two run at a time (below). bench:web needs the web app built (`npm run build`; CI's e2e pass has built it).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const scratch = mkdtempSync(join(tmpdir(), 'greenpod-bench-smoke-'));
process.once('exit', () => rmSync(scratch, { recursive: true, force: true }));

// The longest first (bench:smoke's table in docs/performance.md), so the two lanes below end close together.
const RUNS: [script: string, args: string[]][] = [
  // Mostly waiting (the alarm-health mail's first check is a minute after a start): the other lane runs on meanwhile.
  ['bench:instances', ['--pods', '20', '--messages', '8']],
  [
    'bench:rules',
    ['--rules', '16', '--pods', '2', '--rounds', '1', '--samples', '2', '--warm-up', '2', '--probe-timeout-s', '30'],
  ],
  [
    'bench:stall',
    [
      ...['--readings', '4000', '--pglite-readings', '4000', '--pods', '2', '--concurrency', '4', '--seconds', '1'],
      ...['--refill-seconds', '0', '--pglite-dir', join(scratch, 'stall')],
    ],
  ],
  [
    'bench:web',
    ['--soak-minutes', '0', '--loads', '1', '--no-build', '--demo-days', '2', '--data-dir', join(scratch, 'web')],
  ],
  [
    'bench:query',
    [
      ...[
        '--pods',
        '2',
        '--sensors',
        '3',
        '--readings',
        '4000',
        '--runs',
        '3',
        '--case-seconds',
        '1',
        '--baseline-pods',
        '1',
      ],
      ...['--pglite-dir', join(scratch, 'query')],
    ],
  ],
  ['bench:test-databases', ['--rounds', '1']],
  ['rules:profile -w bench', ['--pods', '2', '--rules', '16', '--rounds', '1']],
  ['bench:savings', ['--pods', '3', '--days', '120']],
  ['bench:score', ['--pods', '4', '--runs', '3']],
  ['bench:report', ['--pods', '4', '--runs', '2']],
  ['bench:partitions', ['--readings', '4000', '--samples', '5']],
  [
    'bench:soak',
    [
      ...['--minutes', '0.1', '--rate', '400', '--pods', '4', '--sites', '2', '--rules', '8', '--warm-up-seconds', '2'],
      ...['--overload-seconds', '3', '--http-posters', '1'],
    ],
  ],
  ['bench:ingest', ['--http-batches', '2', '--mqtt-clients', '2', '--mqtt-messages', '5', '--in-flight', '2']],
];

// Two benches at a time, one per core of CI's 2-core machine: one after another, the smoke left a core idle
// while a bench waited on its server or Chromium. A bench's output is held and printed whole when it ends, so
// two do not interleave. No two benches share a port, folder or database (each takes free ports and its own).
const LANES = 2;
const failed: string[] = [];
const started = performance.now();
const queue = [...RUNS];
await Promise.all(Array.from({ length: LANES }, () => lane()));
console.log(
  `\nbench:smoke: ${RUNS.length - failed.length} of ${RUNS.length} benches ran in ${((performance.now() - started) / 1000).toFixed(0)} s` +
    (failed.length ? `; failed: ${failed.join(', ')}` : ''),
);
process.exit(failed.length ? 1 : 0);

async function lane() {
  for (let next = queue.shift(); next; next = queue.shift()) {
    const [script, args] = next;
    const t = performance.now();
    const { code, output } = await run(['run', ...script.split(' '), '--', ...args]);
    const seconds = ((performance.now() - t) / 1000).toFixed(0);
    console.log(`\n== npm run ${script} -- ${args.join(' ')}\n${output}`);
    if (code === 0) console.log(`== ${script} ran (${seconds} s)`);
    else {
      console.log(`== ${script} FAILED (exit ${code}, ${seconds} s)`);
      failed.push(script);
    }
  }
}

function run(args: string[]): Promise<{ code: number | string; output: string }> {
  return new Promise((done) => {
    const child = spawn('npm', args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    child.once('error', (err) => done({ code: err.message, output: Buffer.concat(chunks).toString() }));
    child.once('close', (code, signal) =>
      done({ code: code ?? signal ?? 'unknown', output: Buffer.concat(chunks).toString() }),
    );
  });
}
