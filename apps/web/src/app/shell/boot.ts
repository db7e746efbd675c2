/**
 * The page's first script, run before its first paint (docs/performance.md#the-first-paint). A classic script
 * built apart from the app (build/boot-script.ts), as the policy allows no inline one:
 * - the colour scheme on <html>, as Mantine sets it once the app runs;
 * - on a dashboard path of a browser with a session, index.html's static copy of the dashboard's first view
 *   shown, in the colours the app will paint it: the theme the page carries for a client's link, the one
 *   this browser last wore for the role, else the default (as the app itself wears until the role's arrives).
 * The app replaces that copy with its own render; a visitor without a session never sees it.
 */
import { bootPage } from './boot-page';

try {
  bootPage(() => window.matchMedia('(prefers-color-scheme: dark)').matches);
} catch {
  // Storage that is off, a value hand-edited: the page paints when the app has rendered, as without this script.
}
