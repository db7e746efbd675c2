import { type ComponentType, lazy } from 'react';

/**
 * React.lazy for a layout or page whose module may be in before its first render (app/preload-route.ts):
 * once `preload()` has resolved, it renders at once instead of suspending for a frame behind a fallback. On a
 * dashboard path the app's first render is then the page, not a fallback in place of index.html's static
 * first view (docs/performance.md#the-first-paint).
 */
// biome-ignore lint/suspicious/noExplicitAny: the props of whatever component is loaded, as React.lazy has them
export function preloadable<T extends ComponentType<any>>(load: () => Promise<T>) {
  let component: T | undefined;
  let pending: Promise<T> | undefined;
  const preload = () => {
    pending ??= load().then((c) => (component = c));
    // A failed load is tried again by the next render, as React.lazy's would be.
    pending.catch(() => {
      pending = undefined;
    });
    return pending;
  };
  const Lazy = lazy(() => {
    const loaded = component;
    // React.lazy takes a thenable: one that calls back at once lets React render without suspending.
    if (loaded) return resolvedThenable({ default: loaded });
    return preload().then((c) => ({ default: c }));
  });
  return Object.assign(Lazy, { preload });
}

function resolvedThenable<V>(value: V): Promise<V> {
  // biome-ignore lint/suspicious/noThenProperty: a thenable is what React.lazy is given, on purpose
  return { then: (ok: (v: V) => void) => ok(value) } as Promise<V>;
}
