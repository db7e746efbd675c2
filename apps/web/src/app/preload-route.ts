// Imported first by main.tsx, so it runs as soon as the entry's modules are in, before React, Mantine and
// the router evaluate (bench/web: the layout and the dashboard were requested only after that, ~200 ms
// later, and the dashboard's first paint waited on them). On a dashboard path of a signed-in user, the
// layout's and the page's code load beside that work instead of after it. No imports of its own: its
// place at the front of the evaluation order depends on that.
const DASHBOARD_PATH = /^\/(?:$|location\/|area\/|liveperformance$|[\w-]{12}\/[\w-]{12}(?:\/liveperformance)?$)/;

if (DASHBOARD_PATH.test(window.location.pathname) && window.localStorage.getItem('greenpod_token')) {
  void import('./layouts/app-layout');
  void import('../features/dashboard/dashboard-page');
}
