import { createHash } from 'node:crypto';
import { build, type Plugin } from 'vite';

/**
 * Builds `entry` apart from the app, as one classic script, and puts it at the end of index.html's body: it runs
 * before the first paint, as a module script does not (src/app/shell/boot.ts says what it does). Named by
 * content hash like every other asset, so the server caches it for a year. Build only: in dev the page paints
 * when the app has rendered.
 */
export function bootScript(entry: string): Plugin {
  let fileName = '';
  let code = '';
  return {
    name: 'greenpod-boot-script',
    apply: 'build',
    async buildStart() {
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
      code = output?.output[0]?.code ?? '';
      if (!code) throw new Error(`the boot script ${entry} built to nothing`);
      fileName = `assets/boot-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: code });
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html) => ({
        html: firstPaintFirst(html, `<link rel="preload" as="script" href="/${fileName}">`),
        tags: [{ tag: 'script', attrs: { src: `/${fileName}` }, injectTo: 'body' }],
      }),
    },
  };
}

/**
 * What the first paint waits for, the stylesheets and this script, fetched first: over HTTP/1.1's six
 * connections to a host, the two dozen modules Vite lists before them went first, and this script, found only
 * at the end of the body, after them all.
 */
function firstPaintFirst(html: string, preload: string): string {
  const lines = html.split('\n');
  const isSheet = (line: string) => line.trim().startsWith('<link rel="stylesheet"');
  const sheets = lines.filter(isSheet).map((line) => line.trim());
  const rest = lines.filter((line) => !isSheet(line));
  const title = rest.findIndex((line) => line.includes('</title>'));
  const indent = rest[title]?.match(/^\s*/)?.[0] ?? '';
  rest.splice(title + 1, 0, ...[...sheets, preload].map((line) => indent + line));
  return rest.join('\n');
}
