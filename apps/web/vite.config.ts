import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { firstPaint } from './build/first-paint';
import { precompress } from './build/precompress';

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
    isolate: false,
    // vitest's default is the cores less one: on CI's 2 cores, one worker and an idle core.
    maxWorkers: 2,
  },
});
