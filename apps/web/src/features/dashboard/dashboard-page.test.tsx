import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { viewerRoutes } from '../../app/viewer-routes';
import { browserTimeZone } from '../../lib/preferences';
import { clearSession, saveSession } from '../../lib/session';
import { FakeEventSource } from '../../test/fake-event-source';
import { mockFetch, renderRoutes } from '../../test/render';
import { TEST_USER } from '../../test/users';
import { todayIn } from './filters/dashboard-window';

// The chart has tests of its own (dashboard-chart.test.tsx); here it is a stand-in that says what it was given.
vi.mock('./chart/dashboard-chart', () => ({
  DashboardChart: (props: { sensorType: string; window: { mode: string } }) => (
    <div data-testid="chart">{`${props.sensorType} ${props.window.mode}`}</div>
  ),
}));

const routes = [{ path: '/', children: viewerRoutes }];
const PLACES: Record<string, Record<number, object>> = {
  location: { 1: { id: 1, title: 'Hotel One' }, 2: { id: 2, title: 'Hotel Two' } },
  area: { 11: { id: 11, title: 'Lobby', locationId: 1 } },
  pod: {},
};
const card = (id: number, title: string) => ({
  id,
  title,
  areaCount: 2,
  podCount: 3,
  offlinePodCount: 0,
  score: null,
  scoreReason: null,
  readings: [{ sensorType: 'TEMPERATURE', avg: 21, voltage: 230 }],
  notificationMargin: 10,
  limits: [],
});

/** The server: cards by level, places by id (404 outside the caller's scope), filter choices; `me` the session. */
function serve(total = 2, me?: object) {
  return mockFetch((url) => {
    if (me && url.pathname === '/api/user/me') return { body: { success: true, data: me } };
    const [, , entity, id] = url.pathname.split('/');
    if (entity === 'stat-all') {
      const q = url.searchParams;
      const results = q.get('areaId')
        ? [card(111, 'Pod 111')]
        : q.get('locationId')
          ? [card(11, 'Lobby')]
          : [card(1, 'Hotel One'), card(2, 'Hotel Two')].slice(0, total);
      return { body: { success: true, data: { results }, paging: { skip: 0, limit: 5, total } } };
    }
    if (entity === 'weather') return { body: { success: true, data: null } };
    if (entity === 'dashboard-client') {
      return url.pathname.endsWith('/seaside-hotl')
        ? { body: { success: true, data: { id: 7, title: 'Seaside Hotel' } } }
        : { status: 404, body: { success: false, message: 'Client not found' } };
    }
    const rows = PLACES[entity ?? ''] ?? {};
    if (id) {
      const row = rows[Number(id)];
      return row
        ? { body: { success: true, data: row } }
        : { status: 404, body: { success: false, error: 'Not found' } };
    }
    return { body: { success: true, data: Object.values(rows), paging: { skip: 0, limit: 1000, total: 2 } } };
  });
}
const cardCalls = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://x'))
    .filter((u) => u.pathname.startsWith('/api/stat-all'));

afterEach(() => FakeEventSource.reset());

// The first render of the page in a worker is slow on a busy machine; give answers time to arrive.
const WAIT = { timeout: 5_000 };

describe('DashboardPage', () => {
  it('opens the root on Live with the location cards and a way down to their areas', async () => {
    const fetch = serve();
    renderRoutes(routes, '/');
    expect(await screen.findByRole('heading', { name: 'All locations', level: 2 }, WAIT)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Hotel One' }, WAIT)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'See Areas' })[0]).toHaveAttribute('href', '/location/1');
    expect(screen.getByText('Showing 2 of 2')).toBeInTheDocument();
    const q = cardCalls(fetch)[0]?.searchParams;
    expect(q?.get('mode')).toBe('live');
    expect(q?.get('minutes')).toBe('30');
    expect(q?.get('tz')).toBeTruthy();
    expect(JSON.parse(q?.get('dataTableParams') ?? '')).toEqual({ paging: 5, offset: 1 });
  });

  it('keeps the view in the URL: a tab is a history entry, and Back returns to the one before', async () => {
    const fetch = serve();
    const { router } = renderRoutes(routes, '/location/1');
    expect(await screen.findByRole('heading', { name: 'Hotel One', level: 2 }, WAIT)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Week' }));
    expect(router.state.location.search).toBe('?tab=week');
    await waitFor(() => expect(cardCalls(fetch).at(-1)?.searchParams.get('mode')).toBe('week'));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('radio', { name: 'Live' })).toBeChecked();
    expect(screen.getByDisplayValue('30 mins')).toBeInTheDocument();
  });

  it('opens a bookmarked view exactly as it was left', async () => {
    const fetch = serve();
    const query = '?tab=range&from=2025-01-02&to=2025-01-09&sensor=HUMIDITY&size=10';
    renderRoutes(routes, `/location/1${query}`);
    expect(await screen.findByRole('link', { name: 'See Pods' }, WAIT)).toHaveAttribute(
      'href',
      `/location/1/area/11${query}`,
    );
    expect(screen.getByRole('radio', { name: 'Date Range' })).toBeChecked();
    expect(screen.getByLabelText('From')).toHaveValue('2025-01-02');
    expect(screen.getByLabelText('To')).toHaveValue('2025-01-09');
    // The pickers offer no day after today and no end before the start.
    expect(screen.getByLabelText('To')).toHaveAttribute('max', todayIn(browserTimeZone()));
    expect(screen.getByLabelText('To')).toHaveAttribute('min', '2025-01-02');
    expect(screen.getByLabelText('From')).toHaveAttribute('max', '2025-01-09');
    expect(screen.getByRole('button', { name: /^Sensor type: / })).toHaveTextContent('Humidity');
    expect(await screen.findByRole('button', { name: /^Location: / }, WAIT)).toHaveTextContent('Hotel One');
    const q = cardCalls(fetch)[0]?.searchParams;
    expect([q?.get('mode'), q?.get('fromValue'), q?.get('toValue'), q?.get('locationId')]).toEqual([
      'range',
      '2025-01-02',
      '2025-01-09',
      '1',
    ]);
    expect(JSON.parse(q?.get('dataTableParams') ?? '')).toEqual({ paging: 10, offset: 1 });
  });

  it('turns a garbage link into the nearest valid view and says so', async () => {
    serve();
    const { router } = renderRoutes(routes, '/?tab=hourly&size=7');
    expect(await screen.findByText(/There is no time tab "hourly": showing Live/, undefined, WAIT)).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { name: 'Hotel One' }, WAIT)).toBeInTheDocument();
  });

  it('opens the nearest visible place when a link names one the viewer may not see', async () => {
    serve();
    const { router } = renderRoutes(routes, '/location/99?tab=day&sensor=radon');
    expect(
      await screen.findByText(
        'There is no sensor type "radon": showing Electricity. That location is not available to you: showing all locations.',
        undefined,
        WAIT,
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?tab=day');
  });

  it.each([
    [10, 'Your locations'],
    [50, 'All locations'],
  ])('titles the root by the scope: a role of level %i reads %j', async (accessLevel, heading) => {
    saveSession('tok', TEST_USER);
    serve(2, { user: TEST_USER, role: { id: 2, title: 'Role', description: '', accessLevel } });
    renderRoutes(routes, '/location/1');
    expect(await screen.findByRole('link', { name: heading }, WAIT)).toHaveAttribute('href', '/');
    expect(await screen.findByRole('heading', { name: 'Hotel One', level: 2 }, WAIT)).toBeInTheDocument();
    clearSession();
  });

  it('shows the pods of an area without a button, under a breadcrumb back up', async () => {
    serve();
    const { router } = renderRoutes(routes, '/area/11');
    expect(await screen.findByRole('heading', { name: 'Pod 111' }, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /See/ })).toBeNull();
    // The area's location comes from the area itself.
    await waitFor(() => expect(router.state.location.pathname).toBe('/location/1/area/11'));
    expect(await screen.findByRole('link', { name: 'Hotel One' }, WAIT)).toHaveAttribute('href', '/location/1');
    expect(screen.getByRole('link', { name: 'All locations' })).toHaveAttribute('href', '/');
  });

  it('says No Data Found when there are no cards, and pages by the chosen size', async () => {
    serve(0);
    renderRoutes(routes, '/');
    expect(await screen.findByText('No Data Found', undefined, WAIT)).toBeInTheDocument();
  });

  it('opens the last page there is when a link asks for one past the end', async () => {
    serve();
    const { router } = renderRoutes(routes, '/?tab=day&page=9');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=day'), WAIT);
  });

  it('moves to page 1 of the new size when the page size changes', async () => {
    serve();
    const { router } = renderRoutes(routes, '/?page=1');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Rows per page' }, WAIT), '15');
    expect(router.state.location.search).toBe('?size=15');
  });

  it('refreshes the cards in place when a live reading arrives, and stops on end', async () => {
    saveSession('tok', {
      id: 1,
      roleId: 1,
      assetId: null,
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.c',
      active: true,
      verified: true,
    });
    FakeEventSource.install();
    const fetch = serve();
    renderRoutes(routes, '/liveperformance');
    expect(await screen.findByRole('heading', { name: 'Live Performance' }, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Day' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Hotel One' }, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'See Areas' })).toBeNull();
    expect(cardCalls(fetch)[0]?.pathname).toBe('/api/stat-all/liveperformance');
    const source = FakeEventSource.only();
    expect(source.url).toBe('/api/live?token=tok');
    const before = cardCalls(fetch).length;
    act(() => source.emit('reading', { podId: 1, sensorType: 'TEMPERATURE', value: 22, created: '', readings: [] }));
    await waitFor(() => expect(cardCalls(fetch).length).toBe(before + 1));
    expect(screen.getByRole('heading', { name: 'Hotel One' })).toBeInTheDocument();
    act(() => source.emit('end', {}));
    expect(source.closed).toBe(true);
  });

  it("narrows a client's shortcode link to that client's places: cards, chart and location choices", async () => {
    const fetch = serve();
    renderRoutes(routes, '/greenpod-grp/seaside-hotl');
    expect(await screen.findByRole('heading', { name: 'Hotel One' }, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Seaside Hotel', level: 2 })).toBeInTheDocument();
    expect(cardCalls(fetch).every((u) => u.searchParams.get('clientId') === '7')).toBe(true);
    const choices = fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://x'))
      .find((u) => u.pathname === '/api/location');
    expect(JSON.parse(choices?.searchParams.get('dataTableParams') ?? '{}').fetchParams).toEqual({ clientId: 7 });
    expect(screen.getAllByRole('link', { name: 'See Areas' })[0]).toHaveAttribute(
      'href',
      '/greenpod-grp/seaside-hotl?location=1',
    );
  });

  it("opens the viewer's own places, and says why, when a link names a client they cannot see", async () => {
    const fetch = serve();
    renderRoutes(routes, '/greenpod-grp/another-hotl');
    expect(await screen.findByText(/names a client whose places you cannot see/, {}, WAIT)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Hotel One' }, WAIT)).toBeInTheDocument();
    expect(cardCalls(fetch).every((u) => !u.searchParams.has('clientId'))).toBe(true);
  });

  it('answers a shortcode path that is not two shortcodes with the 404 page', async () => {
    renderRoutes(routes, '/abc/def');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, WAIT)).toBeInTheDocument();
  });
});

vi.setConfig({ testTimeout: 15_000 });
