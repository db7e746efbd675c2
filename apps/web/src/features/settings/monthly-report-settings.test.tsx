import type { ReportSubscription } from '@greenpod/contracts';
import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { saveSession } from '../../lib/session';
import { type FakeResponse, mockFetch, renderWithProviders } from '../../test/render';
import { TEST_USER } from '../../test/users';
import { MonthlyReportSettings } from './monthly-report-settings';

const LOCATIONS = [
  { id: 1, title: 'Aurora Dubai' },
  { id: 2, title: 'Covent Garden' },
];
const sub = (id: number, userId: number, locationId: number): ReportSubscription => ({
  id,
  userId,
  locationId,
  locationTitle: LOCATIONS.find((l) => l.id === locationId)?.title ?? '',
  clientTitle: 'Aurora Hotels',
  created: '2026-11-01T00:00:00.000Z',
});

/** The server: the user's locations and subscriptions, and what a POST or DELETE answers (by default it works). */
function serve(opts: { locations?: typeof LOCATIONS | 'fail'; change?: FakeResponse } = {}) {
  // The caller's own subscription to Aurora Dubai, and another user's (an administrator sees it) to Covent Garden.
  let subs = [sub(7, TEST_USER.id, 1), sub(8, 99, 2)];
  return mockFetch((url, init) => {
    if (url.pathname === '/api/location') {
      if (opts.locations === 'fail') return { status: 500, body: { success: false, error: 'Database unavailable' } };
      const rows = opts.locations ?? LOCATIONS;
      return { body: { success: true, data: rows, paging: { skip: 0, limit: 1000, total: rows.length } } };
    }
    if (opts.change && init.method !== undefined && init.method !== 'GET') return opts.change;
    if (init.method === 'POST') {
      const { locationId } = JSON.parse(String(init.body)) as { locationId: number };
      const made = sub(20 + locationId, TEST_USER.id, locationId);
      subs = [...subs, made];
      return { status: 201, body: { success: true, data: made } };
    }
    if (init.method === 'DELETE') {
      subs = subs.filter((s) => `/api/report-subscription/${s.id}` !== url.pathname);
      return { body: { success: true } };
    }
    return { body: { success: true, data: subs } };
  });
}

const calls = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .map(([u, init]) => `${init?.method ?? 'GET'} ${new URL(String(u), 'http://localhost').pathname}`)
    .filter((c) => !c.startsWith('GET'));
const switchOf = (name: string) => screen.findByRole('switch', { name }, { timeout: 5000 });

beforeEach(() => {
  saveSession('token', TEST_USER);
});

describe('Monthly report by e-mail', () => {
  it('shows a switch per location, on where the user (not someone else) is subscribed, and when the mail comes', async () => {
    serve();
    renderWithProviders(<MonthlyReportSettings />);
    expect(screen.getByText('Monthly report by e-mail')).toBeInTheDocument();
    expect(screen.getByText('After each month closes, you get its report as a PDF.')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading locations' })).toBeInTheDocument();
    expect(await switchOf('Aurora Dubai')).toBeChecked();
    expect(await switchOf('Covent Garden')).not.toBeChecked();
  });

  it('subscribes and unsubscribes, from the keyboard too', async () => {
    const fetch = serve();
    renderWithProviders(<MonthlyReportSettings />);
    const user = userEvent.setup();
    const covent = await switchOf('Covent Garden');
    await user.click(covent);
    expect(covent).toBeChecked();
    await waitFor(() => expect(calls(fetch)).toEqual(['POST /api/report-subscription']));
    const dubai = await switchOf('Aurora Dubai');
    dubai.focus();
    await user.keyboard(' ');
    expect(dubai).not.toBeChecked();
    await waitFor(() => expect(calls(fetch)).toContain('DELETE /api/report-subscription/7'));
    // The server's list, fetched again, agrees.
    await waitFor(() => expect(covent).toBeEnabled());
    expect(covent).toBeChecked();
    expect(dubai).not.toBeChecked();
  });

  it('puts the switch back and says so when the server refuses', async () => {
    const show = vi.spyOn(notifications, 'show');
    onTestFinished(() => show.mockRestore());
    serve({ change: { status: 404, body: { success: false, error: 'Location not found' } } });
    renderWithProviders(<MonthlyReportSettings />);
    const covent = await switchOf('Covent Garden');
    await userEvent.setup().click(covent);
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'The monthly report of Covent Garden could not be turned on',
          message: 'Location not found',
        }),
      ),
    );
    expect(covent).not.toBeChecked();
  });

  it('says when there is no location, and when the list cannot be loaded', async () => {
    serve({ locations: [] });
    const { unmount } = renderWithProviders(<MonthlyReportSettings />);
    expect(await screen.findByText('No Data Found', {}, { timeout: 5000 })).toBeInTheDocument();
    unmount();
    const fetch = serve({ locations: 'fail' });
    renderWithProviders(<MonthlyReportSettings />);
    expect(
      await screen.findByText('Your subscriptions could not be loaded', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    const before = fetch.mock.calls.length;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(before));
  });
});
