import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Found only in React's development build: the JSX dev runtime and a react-dom check that production drops.
const DEVELOPMENT_MARKERS = ['jsxDEV', 'validateDOMNesting'];

/**
 * Builds the web app as `npm start` does, for the e2e tests to test what users get. Vitest sets
 * NODE_ENV=test, which Vite obeys: inherited as it is, the build was React's development bundle.
 * GREENPOD_E2E_NO_BUILD=1 skips the build and tests the apps/web/dist already there: `.ci/run` sets it for
 * its PostgreSQL pass, whose tree is the one its PGlite pass built a minute before. Either way the bundle
 * is checked to be the production one.
 */
export function buildProductionWeb(root: string) {
  if (process.env.GREENPOD_E2E_NO_BUILD !== '1')
    execFileSync('npm', ['run', 'build', '-w', 'apps/web'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  const assets = join(root, 'apps/web/dist/assets');
  const development = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .filter((f) => DEVELOPMENT_MARKERS.some((m) => readFileSync(join(assets, f), 'utf8').includes(m)));
  if (development.length) throw new Error(`the web build is React's development bundle: ${development.join(', ')}`);
}
