import { savings } from '@greenpod/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listParams, mockFetch, renderRoutes } from '../../../test/render';
import { ResourceListPage } from '../list/resource-list-page';

const row = {
  id: 1,
  groupId: 1,
  clientId: 2,
  podId: 3,
  podTitle: 'Room 101',
  sensorType: 'ELECTRICITY',
  type: 'MONTHLY',
  timeRange: 'October 2026',
  periodStart: '2026-10-01',
  valueFlat: 49.44,
  valuePercentage: 14.2,
  stars: 2,
  created: '2026-11-01 02:00:00',
  updated: '2026-11-01 02:00:00',
};

describe('the admin Saving list (generic)', () => {
  it('shows its columns, no row actions, and Create Savings leads to the create page', async () => {
    mockFetch(() => ({ body: { success: true, data: [row], paging: { skip: 0, limit: 10, total: 1 } } }));
    renderRoutes(
      [
        { path: '/admin/savings', element: <ResourceListPage resource={savings} /> },
        { path: '/admin/savings/create', element: <p>Create page</p> },
      ],
      '/admin/savings',
    );
    expect(await screen.findByText('Room 101', {}, { timeout: 5000 })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim() ?? '');
    for (const label of [
      'Pod',
      'Sensor type',
      'Amount saved (flat)',
      'Percentage',
      'Stars (rating)',
      'Timeframe',
      'Time Interval',
      'Created At',
    ]) {
      expect(headers.some((h) => h.startsWith(label))).toBe(true);
    }
    expect(headers.some((h) => /action/i.test(h))).toBe(false);
    const table = screen.getByRole('table');
    expect(within(table).queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
    const create = screen.getByRole('link', { name: 'Create Savings' });
    expect(create).toHaveAttribute('href', '/admin/savings/create');
    await userEvent.click(create);
    expect(await screen.findByText('Create page')).toBeInTheDocument();
  }, 30_000);

  it('finds a pod\'s savings: "Filter by" offers the pod, which the server searches', async () => {
    const fetch = mockFetch(() => ({ body: { success: true, data: [row], paging: { skip: 0, limit: 10, total: 1 } } }));
    renderRoutes([{ path: '/admin/savings', element: <ResourceListPage resource={savings} /> }], '/admin/savings');
    expect(await screen.findByText('Room 101', {}, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Filter by'), 'Pod');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'Room 101');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => listParams(new URL(String(url), 'http://localhost')))).toContainEqual(
        expect.objectContaining({ searchField: 'podTitle', searchWord: 'Room 101' }),
      ),
    );
  }, 30_000);
});
