import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
// Below this a compressed copy saves less than the extra header costs.
const MIN_BYTES = 1024;
// The SPA shell is sent per request with its own CSP nonce filled in, never as a file (apps/server web-app.ts).
const SHELL = 'index.html';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/**
 * Writes `.br` and `.gz` beside every text asset once, at build time, at the highest levels: the server
 * then serves them as they are (@fastify/static `preCompressed`) instead of compressing per request.
 */
export function precompress(outDir: string): Plugin {
  return {
    name: 'greenpod-precompress',
    apply: 'build',
    closeBundle() {
      for (const file of files(outDir)) {
        if (!COMPRESSIBLE.test(file) || file === join(outDir, SHELL)) continue;
        const body = readFileSync(file);
        if (body.length < MIN_BYTES) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}
