import type { SavingsSummary } from '@greenpod/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { listParams, mockFetch, renderRoutes } from '../../test/render';
import { CLAIMED, OVERUSED, summaryOf } from './savings-fixtures';
import { SavingsPage } from './savings-page';

const PLACES: Record<string, { id: number; title: string; locationId?: number; areaId?: number }[]> = {
  location: [{ id: 1, title: 'Aurora Dubai' }],
  area: [{ id: 11, title: 'First floor', locationId: 1 }],
  pod: [{ id: 111, title: 'Room 101', areaId: 11 }],
};
// The charts have their own tests (savings-text.test.ts); with a reason there is no canvas, which jsdom lacks.
const NO_CHART = { sensorType: 'ELECTRICITY' as const, unit: 'kWh' as const, days: [], reason: 'No measured baseline' };

/** The server: the summary (or a failure), the filters' choices and a pod's model. */
function serve(answer: (q: URLSearchParams) => SavingsSummary | 'fail') {
  return mockFetch((url) => {
    if (url.pathname === '/api/savings/summary') {
      const body = answer(url.searchParams);
      return body === 'fail'
        ? { status: 500, body: { success: false, error: 'Database unavailable' } }
        : { body: { success: true, data: body } };
    }
    if (url.pathname === '/api/savings/model') {
      return {
        body: {
          success: true,
          data: {
            podId: 111,
            podTitle: 'Room 101',
            sensorType: 'ELECTRICITY',
            unit: 'kWh',
            baselineFrom: '2025-10-01',
            baselineTo: '2026-09-30',
            method: 'model',
            model: null,
            summary: 'against the measured baseline: weather and occupancy',
          },
        },
      };
    }
    const entity = url.pathname.replace('/api/', '');
    const filter = (listParams(url).fetchParams ?? {}) as Record<string, number>;
    const rows = (PLACES[entity] ?? []).filter((r) =>
      Object.entries(filter).every(([k, v]) => (r as Record<string, unknown>)[k] === v),
    );
    return { body: { success: true, data: rows, paging: { skip: 0, limit: 1000, total: rows.length } } };
  });
}

const summaryCalls = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .map(([u]) => new URL(String(u), 'http://localhost'))
    .filter((u) => u.pathname === '/api/savings/summary')
    .map((u) => Object.fromEntries(u.searchParams));

// The first render loads Mantine's pieces and the carousel: a busy machine needs more than a second.
const SLOW = { timeout: 5000 };
const roomCard = () => screen.findByRole('article', { name: 'Room 101, Electricity' }, SLOW);
const renderPage = (path = '/savings') => renderRoutes([{ path: '/savings', element: <SavingsPage /> }], path);

beforeEach(() => {
  // jsdom has no IntersectionObserver; the carousel (embla) watches its slides with one.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    },
  );
});

describe('SavingsPage', () => {
  it('shows a card per saving with its figures, goal, stars, method and reason', async () => {
    serve(() => summaryOf([CLAIMED, OVERUSED], { chart: NO_CHART }));
    renderPage();
    expect(screen.getByRole('heading', { name: 'Savings', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading savings' })).toBeInTheDocument();
    const room = await roomCard();
    expect(within(room).getByText('Aurora Dubai · First floor · Room 101')).toBeInTheDocument();
    expect(within(room).getByText('October 2026')).toBeInTheDocument();
    expect(within(room).getByText('Expected').nextElementSibling).toHaveTextContent('2,900 kWh');
    expect(within(room).getByText('Actual').nextElementSibling).toHaveTextContent('2,488 kWh');
    expect(within(room).getByTestId('saved')).toHaveTextContent('Saved 412 kWh +/- 61 kWh, 14.2 %');
    expect(within(room).getByTestId('money')).toHaveTextContent('€49.44 +/- €7.32');
    expect(within(room).getByTestId('goal')).toHaveTextContent('You achieved 82 % of your goal of €60.00');
    // An image to assistive technology: a read-only rating's aria-label on a plain div is not announced (axe).
    expect(within(room).getByRole('img', { name: '2 of 5 stars' })).toBeInTheDocument();
    // The level's colour: green from 75 % of the goal (HIGH), orange from 25 %, else red; the bar never below 0.
    const bar = (card: HTMLElement) => within(card).getByRole('progressbar', { name: 'Goal progress' });
    expect(within(room).getByRole('img', { name: 'HIGH level' })).toBeInTheDocument();
    expect(bar(room).style.getPropertyValue('--progress-section-color')).toBe('var(--mantine-color-green-filled)');
    expect(Number(bar(room).getAttribute('aria-valuenow'))).toBeCloseTo(82.4);
    expect(within(room).getByText(/^Method: against the measured baseline/)).toBeInTheDocument();
    expect(within(room).queryByTestId('reason')).toBeNull();

    const kitchen = screen.getByRole('article', { name: 'Kitchen, Water Flow' });
    expect(within(kitchen).getByTestId('saved')).toHaveTextContent('Used 30 L more than expected, -5.0 %');
    expect(within(kitchen).getByTestId('money')).toHaveTextContent('-€0.09');
    expect(within(kitchen).getByRole('img', { name: 'LOW level' })).toBeInTheDocument();
    expect(bar(kitchen).style.getPropertyValue('--progress-section-color')).toBe('var(--mantine-color-red-filled)');
    expect(bar(kitchen)).toHaveAttribute('aria-valuenow', '0');
    expect(within(kitchen).getByTestId('reason')).toHaveTextContent(/^Only 40 of the 90 baseline days/);

    // The carousel holds the top savings only: the kitchen used more than expected.
    const top = screen.getByRole('region', { name: 'Top savings' });
    expect(within(top).getByText('Saved 412 kWh +/- 61 kWh, 14.2 %')).toBeInTheDocument();
    expect(within(top).queryByText(/Kitchen/)).toBeNull();
    expect(screen.getByRole('heading', { name: '2 savings' })).toBeInTheDocument();
    expect(screen.getByTestId('chart-reason')).toHaveTextContent('No measured baseline');
  }, 30_000);

  it('asks again for a new window, place and sensor type; area waits for a location', async () => {
    const fetch = serve(() => summaryOf([CLAIMED], { chart: NO_CHART }));
    const user = userEvent.setup({ delay: null });
    renderPage();
    await roomCard();
    expect(summaryCalls(fetch).at(-1)).toEqual({ window: 'month', sensorType: 'ELECTRICITY' });
    expect(screen.getByRole('button', { name: /^Area: / })).toBeDisabled();
    expect(screen.getByRole('button', { name: /^Pod: / })).toBeDisabled();

    await user.click(screen.getByLabelText('Week'));
    await waitFor(() => expect(summaryCalls(fetch).at(-1)).toEqual({ window: 'week', sensorType: 'ELECTRICITY' }));

    await user.click(screen.getByRole('button', { name: /^Location: / }));
    await user.click(await screen.findByRole('option', { name: 'Aurora Dubai' }));
    await waitFor(() => expect(summaryCalls(fetch).at(-1)).toMatchObject({ window: 'week', locationId: '1' }));
    expect(screen.getByRole('button', { name: /^Pod: / })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /^Area: / }));
    await user.click(await screen.findByRole('option', { name: 'First floor' }));
    await user.click(screen.getByRole('button', { name: /^Pod: / }));
    await user.click(await screen.findByRole('option', { name: 'Room 101' }));
    await waitFor(() =>
      expect(summaryCalls(fetch).at(-1)).toEqual({
        window: 'week',
        locationId: '1',
        areaId: '11',
        podId: '111',
        sensorType: 'ELECTRICITY',
      }),
    );
    expect(await screen.findByTestId('model-summary')).toHaveTextContent(
      'Baseline of Room 101: against the measured baseline: weather and occupancy',
    );

    await user.click(screen.getByLabelText('Water Flow'));
    await waitFor(() => expect(summaryCalls(fetch).at(-1)).toMatchObject({ sensorType: 'WATER_FLOW', podId: '111' }));
  }, 30_000);

  it('says why there are no savings', async () => {
    serve(() => summaryOf([], { chart: NO_CHART }));
    renderPage('/savings?window=day');
    expect(await screen.findByText('No savings for this period yet.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('savings-empty')).toHaveTextContent(
      /computed after each period closes, for pods with a tariff/,
    );
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    expect(screen.queryByRole('region', { name: 'Top savings' })).toBeNull();
  }, 30_000);

  it('offers a retry when the savings cannot be loaded', async () => {
    let fail = true;
    serve(() => (fail ? 'fail' : summaryOf([CLAIMED], { chart: NO_CHART })));
    renderPage();
    expect(await screen.findByText('The savings could not be loaded', {}, SLOW)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await roomCard()).toBeInTheDocument();
  }, 30_000);

  it('downloads the shown savings as CSV', async () => {
    serve(() => summaryOf([CLAIMED], { chart: NO_CHART }));
    const blobs: Blob[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    });
    URL.createObjectURL = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:savings';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage();
    await roomCard();
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(click).toHaveBeenCalledOnce();
    const lines = ((await blobs[0]?.text()) ?? '').replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^Location,Area,Pod,Sensor type,Period start,Period end,Expected,Actual,Saved,/);
    expect(lines[1]).toMatch(
      /^Aurora Dubai,First floor,Room 101,Electricity,2026-10-01,2026-10-31,2900,2488,412,61,kWh,49.44,/,
    );
  }, 30_000);
});
