import type { LocationMarker } from '@greenpod/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes } from '../../test/render';
import { LocationsPage } from './locations-page';
import { pageOfLocations } from './locations-table';

const porto: LocationMarker = {
  id: 3,
  title: 'Ribeira Hotel',
  city: 'Porto',
  country: 'Portugal',
  point: { latitude: 41.14, longitude: -8.61 },
  state: 'exceeded',
  openAlerts: 2,
  closeAlerts: 1,
};
const london: LocationMarker = {
  ...porto,
  id: 4,
  title: 'Aldgate Lodge',
  city: 'London',
  country: 'UK',
  point: { latitude: 51.51, longitude: -0.07 },
  state: 'ok',
  openAlerts: 0,
  closeAlerts: 0,
};
const nowhere: LocationMarker = { ...london, id: 5, title: 'Zephyr House', point: null, state: null };
const ALL = [london, porto, nowhere];

const routes = [
  { path: '/locations', element: <LocationsPage /> },
  { path: '/location/:location', element: <p>Dashboard of location</p> },
];

function serve(markers: LocationMarker[] | 'fail') {
  return mockFetch((url) => {
    if (url.pathname === '/api/location-markers')
      return markers === 'fail'
        ? { status: 500, body: { success: false, error: 'boom' } }
        : { body: { success: true, data: markers } };
    if (url.pathname === '/api/map/settings')
      return { body: { success: true, data: { tileUrl: '', attribution: '', geocoder: false } } };
    // The offline basemap's file: none here, the markers show on the bare map.
    return { status: 404, body: {} };
  });
}

describe('LocationsPage', () => {
  it('lists the locations with their state in words and a link to each dashboard', async () => {
    serve(ALL);
    renderRoutes(routes, '/locations');
    expect(screen.getByRole('heading', { name: 'LOCATION', level: 1 })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Ribeira Hotel' });
    expect(link).toHaveAttribute('href', '/location/3');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('Limit exceeded')).toBeInTheDocument();
    expect(within(row).getByText('2 open alerts')).toBeInTheDocument();
    const names = screen.getAllByRole('link').map((a) => a.textContent);
    expect(names).toEqual(['Aldgate Lodge', 'Ribeira Hotel', 'Zephyr House']);
    expect(screen.getByText('No data')).toBeInTheDocument();
  });

  it('shows Map View from the toggle, keeps it in the URL, and opens a dashboard from a marker', async () => {
    serve(ALL);
    const { router } = renderRoutes(routes, '/locations?q=o');
    await screen.findByRole('link', { name: 'Ribeira Hotel' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Map View' }));
    expect(new URLSearchParams(router.state.location.search).get('view')).toBe('map');
    // The search still applies.
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('o');
    expect(screen.getByRole('region', { name: 'Map of locations' })).toBeInTheDocument();
    const marker = await screen.findByRole('link', {
      name: 'Ribeira Hotel, Porto, Portugal: Limit exceeded, 2 open alerts',
    });
    expect(screen.getByRole('link', { name: 'Aldgate Lodge, London, UK: Within limits' })).toBeInTheDocument();
    expect(screen.getByText('1 location has no place on the map:')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zephyr House' })).toHaveAttribute('href', '/location/5');
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Limit exceeded 1', 'Close to a limit 0', 'Within limits 1', 'No data 0']);
    marker.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Dashboard of location')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/location/3');
  });

  it('says when there is nothing to show, and when the locations could not be loaded', async () => {
    serve([]);
    const first = renderRoutes(routes, '/locations?view=map');
    expect(await screen.findByText(/No location is shared with you yet/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Map of locations' })).not.toBeInTheDocument();
    first.unmount();
    serve('fail');
    renderRoutes(routes, '/locations');
    expect(await screen.findByText('The locations could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('pageOfLocations', () => {
  const state = { page: 1, size: 10, searchField: '', searchWord: '', colKey: 'title', sortDirection: 'ASC' } as const;
  const titles = (s: Parameters<typeof pageOfLocations>[1]) => pageOfLocations(ALL, s).rows.map((l) => l.title);

  it('searches one field or all, sorts by a field or by state (the worst first), and pages', () => {
    expect(titles({ ...state, searchWord: 'PORTO' })).toEqual(['Ribeira Hotel']);
    expect(titles({ ...state, searchWord: 'porto', searchField: 'title' })).toEqual([]);
    expect(titles({ ...state, colKey: 'state' })).toEqual(['Ribeira Hotel', 'Aldgate Lodge', 'Zephyr House']);
    expect(titles({ ...state, colKey: 'state', sortDirection: 'DESC' })).toEqual([
      'Zephyr House',
      'Aldgate Lodge',
      'Ribeira Hotel',
    ]);
    expect(titles({ ...state, colKey: 'city', sortDirection: 'DESC' })).toEqual([
      'Ribeira Hotel',
      'Aldgate Lodge',
      'Zephyr House',
    ]);
    expect(pageOfLocations(ALL, { ...state, size: 2, page: 2 })).toEqual({ rows: [nowhere], total: 3 });
  });
});
