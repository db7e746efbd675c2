import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { REPO_ROOT } from './source-imports';

/** One `file.md#anchor` a file cites; `target` is the cited Markdown file's path from the repository root. */
export interface AnchorCitation {
  file: string;
  line: number;
  target: string;
  anchor: string;
}

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'artifacts', 'data']);
const SCANNED = /\.(tsx?|sql|md)$/;
// In code and SQL a citation names the file from the repository root: `docs/api.md#lists`, `README.md#modes`.
const CODE_CITATION = /\b((?:docs\/[\w./-]+|README)\.md)#([\w-]+)/g;
// In Markdown a link is relative to the page: `](domain.md#rules)`, `](#an-external-mosquitto)`.
const MARKDOWN_LINK = /\]\(([^)\s#]*?\.md)?#([^)\s]+)\)/g;

function scannedFiles(root: string, dir = ''): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) return [];
    if (entry.isDirectory()) return scannedFiles(root, path);
    return SCANNED.test(entry.name) ? [path] : [];
  });
}

/** Every anchor cited by the repository's code, SQL and Markdown. */
export function anchorCitations(root = REPO_ROOT): AnchorCitation[] {
  return scannedFiles(root).flatMap((file) =>
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .flatMap((text, i) => {
        const markdown = file.endsWith('.md');
        const pattern = markdown ? MARKDOWN_LINK : CODE_CITATION;
        return [...text.matchAll(pattern)].flatMap(([, path, anchor]) => {
          if (markdown && path && /^[a-z]+:/.test(path)) return []; // another site's page
          const target = markdown
            ? posix.normalize(posix.join(posix.dirname(file), path ?? posix.basename(file)))
            : path;
          return target && anchor ? [{ file, line: i + 1, target, anchor }] : [];
        });
      }),
  );
}

/** The anchors GitHub gives a Markdown page: one per heading (repeats numbered), and explicit `<a id>`s. */
export function pageAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    for (const [, id] of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) if (id) anchors.add(id);
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = heading
      .replace(/<[^>]+>/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** Citations whose page or anchor does not exist, as `file:line -> target#anchor`. */
export function brokenAnchors(root = REPO_ROOT): string[] {
  const pages = new Map<string, Set<string>>();
  const anchorsOf = (target: string) => {
    let anchors = pages.get(target);
    if (!anchors) {
      const path = join(root, target);
      anchors = existsSync(path) ? pageAnchors(readFileSync(path, 'utf8')) : new Set();
      pages.set(target, anchors);
    }
    return anchors;
  };
  return anchorCitations(root)
    .filter((c) => !anchorsOf(c.target).has(c.anchor))
    .map((c) => `${c.file}:${c.line} -> ${c.target}#${c.anchor}`);
}
