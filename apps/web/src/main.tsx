import './app/preload-route';
import './app/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { preloadDashboard } from './app/routes';
import { staticViewPainted, staticViewShown } from './app/shell/static-view';
import { applyStylesheets } from './app/shell/stylesheets';
import { primeTheme } from './app/theme/theme-loader';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * The first render waits for the app's stylesheets, which index.html does not let hold its first paint; and
 * under index.html's static first view (docs/performance.md#the-first-paint) for the dashboard's code and for
 * the browser to have painted that view, so that it replaces it with the page itself.
 */
async function start(container: HTMLElement) {
  const shown = staticViewShown();
  await Promise.all([
    applyStylesheets(),
    shown ? preloadDashboard() : undefined,
    shown ? staticViewPainted() : undefined,
  ]).catch(() => undefined);
  primeTheme(window.location.pathname, window.location.search);
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <Providers>
          <AppRoutes />
        </Providers>
      </BrowserRouter>
    </StrictMode>,
  );
}

void start(root);
