import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { build, type Plugin } from 'vite';

/**
 * index.html's first paint, apart from the app's code and styles (docs/performance.md#the-first-paint):
 * - `boot` built apart from the app as one classic script at the end of the body, where it runs before the
 *   first paint, as a module script does not (src/app/shell/boot.ts says what it does); named by content hash
 *   like every other asset, so the server caches it for a year;
 * - `shellCss`, the static first view's styles and all its paint needs, in a <style> with the page's nonce;
 * - the app's stylesheets fetched at once but not holding that paint: preloaded only, and applied by the app
 *   before its first render (src/app/shell/stylesheets.ts). Mantine's 250 KB of CSS held the paint before.
 * Build only: in dev the page paints when the app has rendered.
 */
export function firstPaint({ boot, shellCss }: { boot: string; shellCss: string }): Plugin {
  let fileName = '';
  let code = '';
  let nonce: string | undefined;
  return {
    name: 'greenpod-first-paint',
    apply: 'build',
    configResolved(config) {
      nonce = config.html?.cspNonce;
    },
    async buildStart() {
      code = await buildClassicScript(boot);
      fileName = `assets/boot-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: code });
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html) => ({
        html: firstPaintFirst(html, [
          `<style${nonce ? ` nonce="${nonce}"` : ''}>${minified(readFileSync(shellCss, 'utf8'))}</style>`,
          `<link rel="preload" as="script" href="/${fileName}">`,
        ]),
        tags: [{ tag: 'script', attrs: { src: `/${fileName}` }, injectTo: 'body' }],
      }),
    },
  };
}

async function buildClassicScript(entry: string): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      emptyOutDir: false,
      lib: { entry, formats: ['iife'], name: 'greenpodBoot', fileName: () => 'boot.js' },
      // Only what the script calls: the modules it imports from are the app's, whose other imports (React,
      // through the session's) run nothing it needs.
      rolldownOptions: { treeshake: { moduleSideEffects: (id: string) => id === entry } },
    },
  });
  const output = (Array.isArray(result) ? result[0] : result) as { output: { code?: string }[] } | undefined;
  const built = output?.output[0]?.code;
  if (!built) throw new Error(`the boot script ${entry} built to nothing`);
  return built;
}

/**
 * What the first paint needs first, right after the title: the static view's styles and the boot script. The
 * app's stylesheets become preloads beside them, fetched as early but holding nothing: over HTTP/1.1's six
 * connections to a host, the two dozen modules Vite lists first went before them.
 */
function firstPaintFirst(html: string, first: string[]): string {
  const lines = html.split('\n');
  const isSheet = (line: string) => line.trim().startsWith('<link rel="stylesheet"');
  const preloads = lines
    .filter(isSheet)
    .map((line) => line.trim().replace('<link rel="stylesheet"', '<link rel="preload" as="style"'));
  const rest = lines.filter((line) => !isSheet(line));
  const title = rest.findIndex((line) => line.includes('</title>'));
  const indent = rest[title]?.match(/^\s*/)?.[0] ?? '';
  rest.splice(title + 1, 0, ...[...first, ...preloads].map((line) => indent + line));
  return rest.join('\n');
}

/** Comments out, whitespace collapsed: the stylesheet is in every page sent. */
const minified = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .trim();
