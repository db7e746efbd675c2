import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openApiDocument } from './openapi-document';

/**
 * `npm run lint:openapi`: Redocly's `recommended` rules over the document the server serves. Redocly
 * itself exits 0 on warnings; here a warning fails as an error does, so the document stays one a
 * client generator can use as it is.
 */
interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer?: string }[];
}

const dir = mkdtempSync(join(tmpdir(), 'greenpod-openapi-lint-'));
let failed = true;
try {
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(await openApiDocument(), null, 2));
  const cli = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
  const args = ['lint', '--extends', 'recommended', '--format', 'json', '--max-problems', '100000', file];
  const run = spawnSync(process.execPath, [cli, ...args], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    // No usage report and no update check from CI.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  const report = JSON.parse(run.stdout) as { totals: { errors: number; warnings: number }; problems: Problem[] };
  for (const p of report.problems) {
    console.log(
      `${p.severity === 'error' ? 'error' : 'warning'} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`,
    );
  }
  const { errors, warnings } = report.totals;
  console.log(`openapi: ${errors} errors, ${warnings} warnings (redocly lint --extends recommended)`);
  failed = errors + warnings > 0 || run.status !== 0;
} catch (err) {
  console.error(err);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
