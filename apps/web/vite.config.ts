import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { firstPaint } from './build/first-paint';
import { precompress } from './build/precompress';

/* Test files that replace a module (vi.mock) run isolated. The others share one module cache per worker
   (isolate: false, three times faster), and a file that mocks a module already loaded there by another
   file's import got the real one: which file ran first on the same worker decided the outcome. */
const mockingTests = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => /\bvi\.mock\(/.test(readFileSync(file, 'utf8')))
    .map((file) => file.slice(import.meta.dirname.length + 1));
const isolatedTests = mockingTests(resolve(import.meta.dirname, 'src'));

// One config for dev, build and tests so the three never disagree on plugins or aliases.
export default defineConfig({
  plugins: [
    react(),
    firstPaint({
      boot: resolve(import.meta.dirname, 'src/app/shell/boot.ts'),
      shellCss: resolve(import.meta.dirname, 'src/app/shell/shell.css'),
    }),
    precompress(resolve(import.meta.dirname, 'dist')),
  ],
  server: {
    // The API lives in apps/server; in dev the SPA proxies to it so both share one origin.
    // GREENPOD_API points the proxy elsewhere (a second server on another port, a remote one).
    proxy: { '/api': process.env.GREENPOD_API ?? 'http://localhost:8080' },
  },
  // The server puts a fresh nonce for each request where this stands (a meta tag the app reads, and the
  // tags Vite adds): docs/decisions/0026-style-nonces.md. Contracts' CSP_NONCE_PLACEHOLDER, written out as
  // Node loads this file without TypeScript for the contracts package (csp-nonce.test.ts keeps them equal).
  html: { cspNonce: 'greenpod-csp-nonce-placeholder' },
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // jsdom renders of whole pages on a busy 2-core machine take seconds; 5 s left no margin.
    testTimeout: 15_000,
    pool: 'threads',
    // vitest's default is the cores less one: on CI's 2 cores, one worker and an idle core.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'shared', isolate: false, exclude: [...configDefaults.exclude, ...isolatedTests] },
      },
      { extends: true, test: { name: 'isolated', isolate: true, include: isolatedTests } },
    ],
  },
});
