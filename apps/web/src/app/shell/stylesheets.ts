/**
 * The app's stylesheets, which index.html only preloads so that they do not hold its first paint
 * (build/first-paint.ts): applied where they were listed, resolved once each has loaded (or failed: the app
 * renders all the same). The app's first render waits for this, so it is never drawn unstyled.
 */
export function applyStylesheets(doc: Document = document): Promise<void> {
  const preloads = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')];
  return Promise.all(
    preloads.map(
      (preload) =>
        new Promise<void>((done) => {
          const sheet = doc.createElement('link');
          sheet.rel = 'stylesheet';
          sheet.crossOrigin = preload.crossOrigin;
          sheet.addEventListener('load', () => done());
          sheet.addEventListener('error', () => done());
          sheet.href = preload.href;
          preload.after(sheet);
        }),
    ),
  ).then(() => undefined);
}
