import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/template-database.ts'],
    setupFiles: ['src/test/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores that was one file at a time, the
    // second core idle (a file is mostly PGlite on its worker's one thread). Two files at a time, each in its
    // own process as before (.ci/run: the pass's wall time).
    maxWorkers: 2,
    // A worker keeps its imported modules from file to file (each file still opens its own database, app and
    // servers, and closes them): the import of the server's modules was paid per file, 175 s of CPU a pass.
    isolate: false,
  },
});
