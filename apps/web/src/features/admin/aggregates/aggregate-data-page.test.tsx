import type { AggregateRow } from '@greenpod/contracts';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type FakeResponse, listParams, mockFetch, renderRoutes } from '../../../test/render';
import { AggregateDataPage } from './aggregate-data-page';

const row = (id: number, podTitle: string, values: Partial<AggregateRow> = {}): AggregateRow => ({
  id,
  podId: id,
  podTitle,
  podsIdentifier: `pod-${id}`,
  electricity: 1.5,
  electricitySum: 12.25,
  temperature: 21,
  water: null,
  waterSum: null,
  motion: 3,
  pressure: 1013.2,
  humidity: 40,
  ambientLight: 200,
  created: '2024-03-01 00:00:00',
  ...values,
});
const listed = (rows: AggregateRow[]): FakeResponse => ({
  body: { success: true, data: rows, paging: { skip: 0, limit: 10, total: rows.length } },
});
const isList = (url: URL) => url.pathname === '/api/daily-data';
const listCalls = (calls: ReturnType<typeof mockFetch>) =>
  calls.mock.calls.filter(([u]) => isList(new URL(String(u), 'http://localhost')));

const renderPage = (granularity: 'daily' | 'weekly' = 'daily') =>
  renderRoutes([{ path: '/', element: <AggregateDataPage granularity={granularity} /> }], '/');

/** A response the test releases by hand, to look at the screen while a call is in flight. */
function deferred() {
  let release: (response: FakeResponse) => void = () => {};
  const promise = new Promise<FakeResponse>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('aggregated data screens', () => {
  it('lists rows newest first with two decimals, a dash for no value and the spec labels', async () => {
    const calls = mockFetch(() => listed([row(1, 'Kitchen pod'), row(2, 'Hall pod', { electricity: 0.125 })]));
    renderPage();
    expect(await screen.findByText('Kitchen pod')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Daily Data' })).toBeInTheDocument();
    const first = screen.getAllByRole('row')[1] as HTMLElement;
    expect(within(first).getByText('pod-1')).toBeInTheDocument();
    expect(within(first).getByText('1.50')).toBeInTheDocument();
    expect(within(first).getByText('12.25')).toBeInTheDocument();
    expect(within(first).getAllByText('—')).toHaveLength(2);
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual([
      'Pod',
      'Identifier',
      'Electricity',
      'Electricity Sum (kWh)',
      'Temperature',
      'Water',
      'Water Sum (L)',
      'Created',
    ]);
    // Motion, Pressure, Humidity and Ambient Light wait behind the column chooser.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Columns' }));
    expect(screen.getByRole('checkbox', { name: 'Motion' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Ambient Light' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(listParams(new URL(String(calls.mock.calls[0]?.[0]), 'http://localhost'))).toEqual({
      paging: 10,
      offset: 1,
      colKey: 'created',
      sortDirection: 'DESC',
    });
  });

  it('disables both buttons while generating, then refetches and reports the count', async () => {
    const shown = vi.spyOn(notifications, 'show');
    const generating = deferred();
    let rows = [row(1, 'Kitchen pod')];
    const calls = mockFetch((url) => (url.pathname.endsWith('/generate') ? generating.promise : listed(rows)));
    renderPage();
    await screen.findByText('Kitchen pod');
    const generate = screen.getByRole('button', { name: 'Generate Daily Data' });
    const remove = screen.getByRole('button', { name: 'Delete' });

    await userEvent.setup().click(generate);
    await waitFor(() => expect(generate).toBeDisabled());
    expect(remove).toBeDisabled();
    const generateCall = calls.mock.calls.find(([u]) => String(u).endsWith('/generate'));
    expect(generateCall?.[1]?.method).toBe('GET');

    rows = [row(1, 'Kitchen pod'), row(2, 'Hall pod')];
    generating.release({ body: { success: true, data: { generated: 1 } } });
    expect(await screen.findByText('Hall pod')).toBeInTheDocument();
    await waitFor(() => expect(generate).toBeEnabled());
    expect(remove).toBeEnabled();
    expect(listCalls(calls)).toHaveLength(2);
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ message: 'Daily data: 1 row generated' }));
  });

  it('asks before deleting, sends a body-less DELETE and refetches', async () => {
    let rows = [row(1, 'Kitchen pod')];
    const calls = mockFetch((_url, init) => {
      if (init.method === 'DELETE') {
        rows = [];
        return { body: { success: true, data: { deleted: 1 } } };
      }
      return listed(rows);
    });
    renderPage();
    await screen.findByText('Kitchen pod');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete all daily data?')).toBeInTheDocument();
    expect(calls.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [url, init] = calls.mock.calls.find(([, i]) => i?.method === 'DELETE') ?? [];
    expect(String(url)).toBe('/api/daily-data/delete');
    expect(init?.body).toBeUndefined();
    expect(init?.headers).not.toHaveProperty('Content-Type');
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('keeps the rows when Generate answers without a success flag, and clears them when the refetch fails', async () => {
    let generated: FakeResponse = { body: { data: { generated: 0 } } };
    let answer: FakeResponse = listed([row(1, 'Kitchen pod')]);
    const calls = mockFetch((url) => (url.pathname.endsWith('/generate') ? generated : answer));
    renderPage('weekly');
    await screen.findByText('Kitchen pod');
    expect(screen.getByRole('heading', { name: 'Weekly Data' })).toBeInTheDocument();
    expect(String(calls.mock.calls[0]?.[0])).toMatch(/^\/api\/weekly-data\?/);
    const user = userEvent.setup();
    const generate = screen.getByRole('button', { name: 'Generate Weekly Data' });

    await user.click(generate);
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred');
    expect(screen.getByText('Kitchen pod')).toBeInTheDocument();

    generated = { body: { success: true, data: { generated: 0 } } };
    answer = { status: 500, body: { success: false, error: 'Database unavailable' } };
    await user.click(generate);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Database unavailable'));
    expect(screen.queryByText('Kitchen pod')).not.toBeInTheDocument();
    expect(screen.getByText('No Data Found')).toBeInTheDocument();
    expect(generate).toBeEnabled();
  });
});
