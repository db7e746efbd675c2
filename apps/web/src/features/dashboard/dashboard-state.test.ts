import { DASHBOARD_PAGE_SIZES, SENSOR_TYPES } from '@greenpod/contracts';
import fc from 'fast-check';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { dashboardHref, withChange } from './dashboard-href';
import { type DashboardRoute, type DashboardState, DEFAULT_STATE, parseDashboard } from './dashboard-state';
import { addDays, LIVE_MINUTES, TABS } from './filters/dashboard-window';

const TODAY = '2026-03-15';
const ROOT: DashboardRoute = { prefix: '', live: false };
const LIVE: DashboardRoute = { prefix: '', live: true };
const CLIENT: DashboardRoute = { prefix: '/abcdefghijkl/mnopqrstuvwx', live: false };

/** Reads an href back the way the router hands it to the page (app/viewer-routes.tsx's patterns). */
function reparse(href: string, route: DashboardRoute) {
  const url = new URL(href, 'http://x');
  const patterns = ['/location/:location/area/:area', '/location/:location', '/area/:area', '/'];
  const match = route.prefix || route.live ? null : patterns.map((p) => matchPath(p, url.pathname)).find(Boolean);
  return parseDashboard(match?.params ?? {}, url.searchParams, route, TODAY);
}

const parse = (query: string, route = ROOT, path = {}) =>
  parseDashboard(path, new URLSearchParams(query), route, TODAY);

describe('dashboard URL state', () => {
  it('opens Live, 30 mins, all places, page 1 of 5 when the URL says nothing', () => {
    expect(parse('')).toEqual({ state: DEFAULT_STATE, problems: [] });
    expect(dashboardHref(DEFAULT_STATE, ROOT)).toBe('/');
    expect(dashboardHref(DEFAULT_STATE, LIVE)).toBe('/liveperformance');
  });

  it('keeps the place in the path on the dashboard and in the query elsewhere', () => {
    const state = { ...DEFAULT_STATE, place: { locationId: 3, areaId: 7, podId: 9 } };
    expect(dashboardHref(state, ROOT)).toBe('/location/3/area/7?pod=9');
    expect(dashboardHref(state, LIVE)).toBe('/liveperformance?location=3&area=7&pod=9');
    expect(dashboardHref(state, CLIENT)).toBe('/abcdefghijkl/mnopqrstuvwx?location=3&area=7&pod=9');
    expect(parse('pod=9', ROOT, { location: '3', area: '7' }).state.place).toEqual({
      locationId: 3,
      areaId: 7,
      podId: 9,
    });
  });

  const day = fc
    .integer({ min: 0, max: 400 })
    .map((n) => addDays(TODAY, -n))
    .filter((d) => d <= TODAY);
  const state: fc.Arbitrary<DashboardState> = fc
    .record({
      tab: fc.constantFrom(...TABS),
      minutes: fc.constantFrom(...LIVE_MINUTES),
      range: fc.tuple(day, day).map(([a, b]) => (a <= b ? [a, b] : [b, a])),
      place: fc.record(
        {
          locationId: fc.integer({ min: 1, max: 2_147_483_647 }),
          areaId: fc.nat({ max: 99 }).map((n) => n + 1),
          podId: fc.integer({ min: 1, max: 500 }),
        },
        { requiredKeys: [] },
      ),
      sensor: fc.constantFrom(...SENSOR_TYPES),
      kind: fc.constantFrom('bar' as const, 'area' as const),
      compare: fc.boolean(),
      page: fc.integer({ min: 1, max: 1_000_000 }),
      size: fc.constantFrom(...DASHBOARD_PAGE_SIZES),
    })
    .map(({ range, ...s }) =>
      withChange(
        { ...s, minutes: s.tab === 'live' ? s.minutes : 30 },
        s.tab === 'range' ? { from: range[0], to: range[1], page: s.page } : { page: s.page },
      ),
    );

  it('reads back every state it writes, on every kind of route', () => {
    for (const route of [ROOT, CLIENT]) {
      fc.assert(
        fc.property(state, (s) => {
          expect(reparse(dashboardHref(s, route), route)).toEqual({ state: s, problems: [] });
        }),
      );
    }
    fc.assert(
      fc.property(state, (s) => {
        const live = withChange(s, { tab: 'live', page: s.page });
        expect(reparse(dashboardHref(live, LIVE), LIVE)).toEqual({ state: live, problems: [] });
      }),
    );
  });

  it.each([
    ['tab=hourly', { tab: 'live' }, /no time tab "hourly"/],
    ['minutes=24', { minutes: 20 }, /10 to 60 minutes/],
    ['minutes=999', { minutes: 60 }, /showing 60 mins/],
    ['minutes=abc', { minutes: 30 }, /not a number/],
    ['sensor=radon', { sensor: 'ELECTRICITY' }, /no sensor type "radon"/],
    ['chart=pie', { kind: 'bar' }, /no "pie" chart/],
    ['compare=maybe', { compare: false }, /previous-period/],
    ['size=7', { size: 5 }, /5, 10, 15, 20/],
    ['page=-2', { page: 1 }, /no page "-2"/],
    ['page=1e3', { page: 1 }, /no page/],
    ['pod=x1', { place: {} }, /not a pod/],
  ])('turns garbage %s into the nearest valid view and says so', (query, expected, message) => {
    const { state, problems } = parse(query);
    expect(state).toMatchObject(expected);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it('reads a sensor type in any case', () => {
    expect(parse('sensor=humidity')).toEqual({ state: { ...DEFAULT_STATE, sensor: 'HUMIDITY' }, problems: [] });
  });

  it('takes a location from the path and drops one that is not an id', () => {
    expect(parse('', ROOT, { location: 'abc' })).toMatchObject({ state: { place: {} }, problems: [/not a location/] });
  });

  describe('Date Range', () => {
    it('defaults to the last 7 days', () => {
      expect(parse('tab=range').state).toMatchObject({ from: '2026-03-09', to: TODAY });
    });
    it('offers no day after today', () => {
      const { state, problems } = parse('tab=range&from=2026-03-10&to=2026-04-01');
      expect(state).toMatchObject({ from: '2026-03-10', to: TODAY });
      expect(problems).toEqual(['Dates after today have no readings: the range ends today.']);
    });
    it('never ends before it starts', () => {
      const { state, problems } = parse('tab=range&from=2026-03-10&to=2026-03-01');
      expect(state).toMatchObject({ from: '2026-03-10', to: '2026-03-10' });
      expect(problems).toHaveLength(1);
    });
    it('replaces an impossible date', () => {
      const { state, problems } = parse('tab=range&from=2026-02-30&to=2026-03-01');
      expect(state).toMatchObject({ from: '2026-03-09', to: TODAY });
      expect(problems[0]).toMatch(/not a date/);
    });
    it('leaves the dates out on other tabs', () => {
      expect(parse('tab=week&from=2026-03-01&to=2026-03-02')).toEqual({
        state: { ...DEFAULT_STATE, tab: 'week' },
        problems: [],
      });
    });
  });

  describe('a change', () => {
    const s: DashboardState = { ...DEFAULT_STATE, page: 4, tab: 'range', from: '2026-03-01', to: '2026-03-02' };
    it('goes back to page 1 when the window, place or page size changes', () => {
      expect(withChange(s, { place: { locationId: 1 } }).page).toBe(1);
      expect(withChange(s, { size: 10 }).page).toBe(1);
      expect(withChange(s, { sensor: 'HUMIDITY' }).page).toBe(4);
    });
    it('drops the dates when leaving Date Range', () => {
      const next = withChange(s, { tab: 'day' });
      expect(next).not.toHaveProperty('from');
      expect(next).not.toHaveProperty('to');
    });
  });
});
