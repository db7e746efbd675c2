import type { TipCard } from '@greenpod/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listParams, mockFetch, renderRoutes } from '../../test/render';
import { ArticleTipPage } from './article-tip-page';
import { TipsPage } from './tips-page';

const urgent: TipCard = {
  id: 12,
  title: 'Draw the blinds at noon',
  description: 'Sun on the glass heats the rooms.\nDraw the blinds from 11:00.',
  locationId: 3,
  locationTitle: 'Aurora Marina Dubai',
  tags: ['TEMPERATURE', 'HUMIDITY'],
  urgency: 'exceeded',
  reasons: [
    { status: 'exceeded', sensorType: 'TEMPERATURE', text: 'Temperature above its limit in Guest rooms, Room 101' },
    { status: 'close', sensorType: 'HUMIDITY', text: 'Humidity close to its limit in Lobby, Room 1' },
  ],
};
const close: TipCard = {
  ...urgent,
  id: 13,
  title: 'Ventilate after cleaning',
  tags: ['HUMIDITY'],
  urgency: 'close',
  reasons: [{ status: 'close', sensorType: 'HUMIDITY', text: 'Humidity close to its limit in Lobby, Room 1' }],
};
const calm: TipCard = {
  ...urgent,
  id: 14,
  title: 'Fix dripping taps',
  tags: ['WATER_FLOW'],
  urgency: null,
  reasons: [],
};
const page = (data: TipCard[], total = data.length) => ({
  body: { success: true, data, paging: { skip: 0, limit: 10, total, totalIsLowerBound: false } },
});
const notFound = { status: 404, body: { success: false, error: 'Tip not found' } };

const routes = [
  { path: '/tips', element: <TipsPage /> },
  { path: '/articletip', element: <ArticleTipPage /> },
];

describe('TipsPage', () => {
  it('lists the urgent tips first with their reasons and badges, then the rest', async () => {
    mockFetch((url) => (url.pathname === '/api/tips' ? page([urgent, close, calm]) : notFound));
    renderRoutes(routes, '/tips');
    expect(screen.getByRole('heading', { name: 'Tips', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    const first = await screen.findByRole('article', { name: 'Draw the blinds at noon' });
    const articles = screen.getAllByRole('article');
    expect(articles.map((a) => a.getAttribute('aria-label'))).toEqual([
      'Draw the blinds at noon',
      'Ventilate after cleaning',
      'Fix dripping taps',
    ]);
    expect(within(first).getByText('Limit exceeded')).toBeInTheDocument();
    const reasons = within(first).getByRole('list', { name: 'Why this tip matters now' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'ExceededTemperature above its limit in Guest rooms, Room 101',
      'CloseHumidity close to its limit in Lobby, Room 1',
    ]);
    expect(within(first).getByText('Aurora Marina Dubai')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Ventilate after cleaning' })).getByText('Close to a limit'),
    ).toBeInTheDocument();
    const last = screen.getByRole('article', { name: 'Fix dripping taps' });
    expect(within(last).queryByRole('list', { name: 'Why this tip matters now' })).not.toBeInTheDocument();
    // The tip form's name for the water flow tag.
    expect(within(last).getByText('Water Usage')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Draw the blinds at noon' })).toHaveAttribute(
      'href',
      '/articletip?id=12',
    );
  });

  it('sends search, sort, direction, tag and page through the list protocol', async () => {
    const calls = mockFetch((url) => (url.pathname === '/api/tips' ? page([calm], 25) : notFound));
    renderRoutes(routes, '/tips');
    await screen.findByRole('article', { name: 'Fix dripping taps' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'taps');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sensor' }), 'WATER_FLOW');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'created');
    await user.click(screen.getByRole('button', { name: 'Sort direction ASC' }));
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => {
      const url = new URL(String(calls.mock.calls.at(-1)?.[0]), 'http://localhost');
      expect(url.searchParams.get('tag')).toBe('WATER_FLOW');
      expect(listParams(url)).toEqual({
        paging: 10,
        offset: 2,
        baseSearch: 'taps',
        colKey: 'created',
        sortDirection: 'DESC',
      });
    });
  });

  it('says when there are no tips, and when the list could not be loaded', async () => {
    mockFetch(() => page([]));
    const { unmount } = renderRoutes(routes, '/tips');
    expect(await screen.findByText('No tips yet')).toBeInTheDocument();
    unmount();
    mockFetch(() => ({ status: 500, body: { success: false, error: 'Internal server error' } }));
    renderRoutes(routes, '/tips');
    expect(await screen.findByText('The tips could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('ArticleTipPage', () => {
  it('shows one tip with its reasons and goes back to the tips', async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/tips/12') return { body: { success: true, data: urgent } };
      if (url.pathname === '/api/tips') return page([urgent]);
      return notFound;
    });
    const { router } = renderRoutes(routes, '/articletip?id=12');
    expect(await screen.findByRole('heading', { name: 'Draw the blinds at noon', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Temperature above its limit in Guest rooms, Room 101')).toBeInTheDocument();
    expect(screen.getByText(/Draw the blinds from 11:00/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to tips' }));
    expect(router.state.location.pathname).toBe('/tips');
    expect(await screen.findByRole('article', { name: 'Draw the blinds at noon' })).toBeInTheDocument();
  });

  it('shows a not-found state for an unknown or out-of-scope id, and for no id at all', async () => {
    mockFetch(() => notFound);
    const { unmount } = renderRoutes(routes, '/articletip?id=99');
    expect(await screen.findByRole('heading', { name: 'Tip not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to tips' })).toHaveAttribute('href', '/tips');
    unmount();
    renderRoutes(routes, '/articletip?id=abc');
    expect(screen.getByRole('heading', { name: 'Tip not found' })).toBeInTheDocument();
  });
});
