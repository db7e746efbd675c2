// Imported first by main.tsx, so it runs as soon as the entry's modules are in, before React, Mantine and
// the router evaluate (bench/web: the layout and the dashboard were requested only after that, ~200 ms
// later, and the dashboard's first paint waited on them). On a dashboard path of a signed-in user, the
// layout's and the page's code load beside that work instead of after it. Its imports import nothing: its
// place at the front of the evaluation order depends on that.
import { TOKEN_KEY } from '../lib/session-keys';
import { DASHBOARD_PATH } from './shell/dashboard-path';

if (DASHBOARD_PATH.test(window.location.pathname) && window.localStorage.getItem(TOKEN_KEY)) {
  void import('./layouts/app-layout');
  void import('../features/dashboard/dashboard-page');
}
