import { type DashboardRoute, type DashboardState, DEFAULT_STATE } from './dashboard-state';
import { DEFAULT_MINUTES } from './filters/dashboard-window';

/** The URL (path and query) of a state; defaults are left out, so the plain dashboard is just "/". */
export function dashboardHref(state: DashboardState, route: DashboardRoute): string {
  const q = new URLSearchParams();
  const { locationId, areaId, podId } = state.place;
  const placeInPath = !route.live && route.prefix === '';
  if (!route.live && state.tab !== DEFAULT_STATE.tab) q.set('tab', state.tab);
  if (state.tab === 'live' && state.minutes !== DEFAULT_MINUTES) q.set('minutes', String(state.minutes));
  if (state.tab === 'range' && state.from && state.to) {
    q.set('from', state.from);
    q.set('to', state.to);
  }
  if (!placeInPath && locationId !== undefined) q.set('location', String(locationId));
  if (!placeInPath && areaId !== undefined) q.set('area', String(areaId));
  if (podId !== undefined) q.set('pod', String(podId));
  if (state.sensor !== DEFAULT_STATE.sensor) q.set('sensor', state.sensor);
  if (state.kind !== DEFAULT_STATE.kind) q.set('chart', state.kind);
  if (state.compare) q.set('compare', '1');
  if (state.page !== DEFAULT_STATE.page) q.set('page', String(state.page));
  if (state.size !== DEFAULT_STATE.size) q.set('size', String(state.size));

  let path = route.prefix;
  if (placeInPath) {
    if (locationId !== undefined) path += `/location/${locationId}`;
    if (areaId !== undefined) path += `/area/${areaId}`;
  }
  if (route.live) path += '/liveperformance';
  const query = q.toString();
  return `${path || '/'}${query ? `?${query}` : ''}`;
}

/** A state changed by a user's choice: a new place, window or page size starts again at page 1. */
export function withChange(state: DashboardState, change: Partial<DashboardState>): DashboardState {
  const next = { ...state, ...change };
  const resets = ['tab', 'minutes', 'from', 'to', 'place', 'size'] as const;
  if (change.page === undefined && resets.some((k) => k in change)) next.page = 1;
  if (next.tab !== 'range') {
    delete next.from;
    delete next.to;
  }
  return next;
}
