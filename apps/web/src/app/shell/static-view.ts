/** Set on <html> by the boot script (boot.ts) when index.html's static first view is shown. */
export const SHELL_ATTRIBUTE = 'data-greenpod-shell';

export const staticViewShown = () => document.documentElement.hasAttribute(SHELL_ATTRIBUTE);

// Past this the app renders even if the browser never says it painted (a tab opened in the background).
const PAINT_WAIT_MS = 1000;

/**
 * Resolves once the browser has painted the static first view. Replaced before that, Chromium forgets it was
 * ever painted (a paint counts for Largest Contentful Paint only once the frame is presented) and the page's
 * first paint is counted as the app's, later (docs/performance.md#the-first-paint).
 */
export function staticViewPainted(): Promise<void> {
  if (!staticViewShown() || document.visibilityState !== 'visible' || typeof PerformanceObserver === 'undefined')
    return Promise.resolve();
  return new Promise((done) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      clearTimeout(timer);
      done();
    });
    observer.observe({ type: 'paint', buffered: true });
    timer = setTimeout(() => {
      observer.disconnect();
      done();
    }, PAINT_WAIT_MS);
  });
}
