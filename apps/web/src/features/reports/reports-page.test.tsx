import type { ReportAnswer } from '@greenpod/contracts';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIME_ZONE_KEY } from '../../lib/preferences';
import { saveSession } from '../../lib/session';
import { listParams, renderRoutes } from '../../test/render';
import { TEST_USER } from '../../test/users';
import { NO_PODS, NOTHING_MEASURED, REPORT } from './report-fixtures';
import { ReportsPage } from './reports-page';

const PLACES: Record<string, { id: number; title: string; clientId?: number; locationId?: number }[]> = {
  client: [
    { id: 7, title: 'Aurora Hotels' },
    { id: 8, title: 'Zebra Nurseries' },
  ],
  location: [{ id: 1, title: 'Aurora Dubai', clientId: 7 }],
  area: [{ id: 11, title: 'First floor', locationId: 1 }],
  pod: [],
};
// jsdom has no canvas: the charts have their own tests; here the answer carries no days to draw.
const NO_DAYS = { ...REPORT.daily, days: [], reason: 'No pod here has a usable measured baseline' };
const SLOW = { timeout: 5000 };

type Answer = ReportAnswer | 'fail' | { status: number; error: string };
interface FileAnswer {
  status: number;
  body: string;
  disposition?: string;
}

/** The server: the report (JSON or a file), and the filters' choices; every call is kept to assert on. */
function serve(answer: (q: URLSearchParams) => Answer, file?: (q: URLSearchParams) => FileAnswer) {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fn = vi.fn(async (input: RequestInfo | URL, _init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/report') {
      if (url.searchParams.get('format') !== 'json') {
        const f = file?.(url.searchParams) ?? { status: 500, body: '{"success":false,"error":"No file"}' };
        const headers: Record<string, string> = {};
        if (f.disposition) headers['Content-Disposition'] = f.disposition;
        return new Response(f.body, { status: f.status, headers });
      }
      const a = answer(url.searchParams);
      if (a === 'fail') return json(500, { success: false, error: 'Database unavailable' });
      if ('error' in a) return json(a.status, { success: false, error: a.error });
      return json(200, { success: true, data: a });
    }
    const entity = url.pathname.replace('/api/', '');
    const filter = (listParams(url).fetchParams ?? {}) as Record<string, number>;
    const rows = (PLACES[entity] ?? []).filter((r) =>
      Object.entries(filter).every(([k, v]) => (r as Record<string, unknown>)[k] === v),
    );
    return json(200, { success: true, data: rows, paging: { skip: 0, limit: 1000, total: rows.length } });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

const reportCalls = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .map(([u]) => new URL(String(u), 'http://localhost'))
    .filter((u) => u.pathname === '/api/report')
    .map((u) => Object.fromEntries(u.searchParams));

const renderPage = (path = '/reports') => renderRoutes([{ path: '/reports', element: <ReportsPage /> }], path);
const tile = (name: string) => screen.findByRole('article', { name }, SLOW);

beforeEach(() => {
  // Mid-November 2026 in UTC: the last closed month is October.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-15T10:00:00Z'));
  localStorage.setItem(TIME_ZONE_KEY, 'UTC');
  saveSession('tok', TEST_USER);
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('ReportsPage', () => {
  it('opens on last month of the first client, and shows the figures, savings, score and tables', async () => {
    const fetch = serve(() => ({ ...REPORT, daily: NO_DAYS }));
    renderPage();
    expect(screen.getByRole('heading', { name: 'Reports', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Loading the report' }, SLOW)).toBeInTheDocument();
    const electricity = await tile('Electricity');
    expect(reportCalls(fetch)[0]).toEqual({
      clientId: '7',
      from: '2026-10-01',
      to: '2026-10-31',
      tz: 'UTC',
      format: 'json',
    });
    expect(screen.getByTestId('period-label')).toHaveTextContent('October 2026');
    expect(screen.getByTestId('report-heading')).toHaveTextContent('Aurora Hotels / Aurora Dubai · October 2026');
    expect(within(electricity).getByTestId('figure-value')).toHaveTextContent('2,666 kWh');
    expect(within(electricity).getByTestId('electricityKwh-expected')).toHaveTextContent('Expected3,100 kWh-14.0 %');
    expect(within(electricity).getByTestId('electricityKwh-lastYear')).toHaveTextContent('Last year2,800 kWh-4.8 %');
    // N/A with its reason in words, never a made-up figure.
    expect(within(await tile('Water')).getByTestId('waterLitres-expected')).toHaveTextContent(
      'ExpectedN/A1 of 2 pods: the water meter has no measured baseline',
    );
    expect(within(await tile('Cost')).getByTestId('figure-value')).toHaveTextContent('€812.45');
    expect(within(await tile('Cost')).getByTestId('cost-expected')).toHaveTextContent('€920.10-11.7 %');
    const emissions = await tile('Emissions');
    expect(within(emissions).getByTestId('figure-value')).toHaveTextContent('555 kg CO2e');
    expect(within(emissions).getByText('0.208 kg CO2e per kWh (UK DESNZ 2024 conversion factors)')).toBeInTheDocument();

    expect(screen.getByTestId('saved-kWh')).toHaveTextContent('Saved 434 kWh +/- 61 kWh, 14.0 %€108.50');
    const score = screen.getByRole('region', { name: 'Green score' });
    expect(within(score).getByRole('img', { name: '4 of 5 stars' })).toBeInTheDocument();
    expect(within(score).getByRole('img', { name: 'Comfort: 3 of 5 stars' })).toBeInTheDocument();
    expect(screen.getByTestId('chart-reason')).toHaveTextContent('No pod here has a usable measured baseline');

    // The tables are contracts' reportTables(), money to the cent as in the CSV and the PDF.
    const savings = screen.getByRole('region', { name: 'Savings' });
    expect(within(savings).getAllByRole('row')).toHaveLength(3);
    const kitchen = within(savings).getByRole('row', { name: /Kitchen/ });
    expect(within(kitchen).getByText('-€0.09')).toBeInTheDocument();
    expect(within(kitchen).getByText('Only 40 of the 90 baseline days have readings')).toBeInTheDocument();
    const completeness = screen.getByRole('region', { name: 'Completeness' });
    expect(within(completeness).getByRole('row', { name: /Kitchen/ })).toHaveTextContent(
      'Ground floorKitchen283190.3 %',
    );
    const cost = screen.getByRole('region', { name: 'Cost' });
    expect(within(cost).getByRole('row', { name: /Standing charges/ })).toHaveTextContent('€49.55');
    expect(
      within(screen.getByRole('region', { name: 'Noisiest rules' })).getByText('Fridge too warm'),
    ).toBeInTheDocument();
    expect(screen.getByText('No motion sensor in 1 area: 07:00-22:00 counted as occupied')).toBeInTheDocument();
  }, 30_000);

  it('says N/A with its reason where nothing was measured, and plainly when a place has no pods', async () => {
    serve((q) => (q.get('locationId') === '1' ? NOTHING_MEASURED : NO_PODS));
    renderPage('/reports?client=7&location=1');
    expect(await screen.findByTestId('nothing-measured', undefined, SLOW)).toHaveTextContent(
      'No readings in this period.',
    );
    const electricity = await tile('Electricity');
    expect(
      within(electricity)
        .getAllByTestId('na-reason')
        .map((e) => e.textContent),
    ).toEqual([
      'No electricity measured in this period',
      'No pod here has a baseline',
      'No readings for the same period last year',
    ]);
    expect(within(await tile('Emissions')).getAllByTestId('na-reason')[0]).toHaveTextContent('No electricity measured');
    expect(screen.getByTestId('score-na')).toHaveTextContent('N/A: Not enough readings in the last 30 days');
    expect(screen.getByTestId('chart-reason')).toHaveTextContent('No pod here has a usable measured baseline');
    expect(
      within(screen.getByRole('region', { name: 'Noisiest rules' })).getByText(
        'No rule raised a notification in this period.',
      ),
    ).toBeInTheDocument();

    renderPage('/reports?client=8');
    expect(await screen.findByTestId('report-empty', undefined, SLOW)).toHaveTextContent(
      'This place has no pods: there is nothing to report.',
    );
  }, 30_000);

  it("says when the report fails, with the server's message, and tries again", async () => {
    let fail = true;
    const fetch = serve(() => (fail ? { status: 404, error: 'No such location' } : { ...REPORT, daily: NO_DAYS }));
    renderPage('/reports?client=7&location=99');
    expect(await screen.findByText('The report could not be loaded', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByText('No such location')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await tile('Electricity')).toBeInTheDocument();
    expect(reportCalls(fetch).at(-1)?.locationId).toBe('99');
  }, 30_000);

  it('steps months, quarters and years (none after the last closed one) and keeps them in the URL', async () => {
    const fetch = serve(() => ({ ...REPORT, daily: NO_DAYS }));
    const { router } = renderPage('/reports?client=7&location=1');
    await tile('Electricity');
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByTestId('period-label')).toHaveTextContent('September 2026');
    expect(router.state.location.search).toBe('?client=7&location=1&from=2026-09-01');
    await waitFor(() => expect(reportCalls(fetch).at(-1)).toMatchObject({ from: '2026-09-01', to: '2026-09-30' }));
    expect(screen.getByRole('button', { name: 'Next month' })).toBeEnabled();

    // Mid-November: the third quarter is the last closed one, and the year before this one.
    await userEvent.click(screen.getByRole('radio', { name: 'Quarter' }));
    expect(screen.getByTestId('period-label')).toHaveTextContent('Q3 2026');
    await waitFor(() => expect(reportCalls(fetch).at(-1)).toMatchObject({ from: '2026-07-01', to: '2026-09-30' }));
    expect(screen.getByRole('button', { name: 'Next quarter' })).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: 'Year' }));
    expect(screen.getByTestId('period-label')).toHaveTextContent('2025');
    await waitFor(() => expect(reportCalls(fetch).at(-1)).toMatchObject({ from: '2025-01-01', to: '2025-12-31' }));
    expect(router.state.location.search).toBe('?client=7&location=1&period=year&from=2025-01-01');
  }, 30_000);

  it.each([
    ['2026-11-10', '2026-11-20', 'To', 'to must not be in the future'],
    ['2026-10-20', '2026-10-10', 'To', 'to must not be before from'],
    ['2025-01-01', '2026-10-31', 'To', 'A report covers at most 366 days'],
  ])(
    'checks a custom period %s to %s as the server does, by its field',
    async (from, to, field, message) => {
      const fetch = serve(() => ({ ...REPORT, daily: NO_DAYS }));
      renderPage(`/reports?client=7&location=1&period=custom&from=${from}&to=${to}`);
      const input = await screen.findByLabelText(field, undefined, SLOW);
      expect(input).toHaveAccessibleDescription(message);
      expect(screen.getByText('Choose a period that has ended to see its report.')).toBeInTheDocument();
      expect(reportCalls(fetch)).toEqual([]);
    },
    30_000,
  );

  it('downloads the CSV and the PDF with the session, under the name the server gives', async () => {
    const fetch = serve(
      () => ({ ...REPORT, daily: NO_DAYS }),
      (q) =>
        q.get('format') === 'csv'
          ? {
              status: 200,
              body: 'Report,x',
              disposition: `attachment; filename="report.csv"; filename*=UTF-8''aurora-dubai-2026-10.csv`,
            }
          : { status: 500, body: JSON.stringify({ success: false, error: 'The PDF could not be made' }) },
    );
    const saved: string[] = [];
    // jsdom makes no object URLs: the saved file's name is what the anchor is given.
    Object.assign(URL, { createObjectURL: () => 'blob:report', revokeObjectURL: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage('/reports?client=7&location=1');
    await tile('Electricity');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['aurora-dubai-2026-10.csv']));
    const csvCall = fetch.mock.calls.find(([u]) => String(u).includes('format=csv'));
    expect(String(csvCall?.[0])).toBe('/api/report?locationId=1&from=2026-10-01&to=2026-10-31&tz=UTC&format=csv');
    expect(csvCall?.[1]?.headers ?? {}).toMatchObject({ Authorization: 'Bearer tok' });

    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'The PDF could not be downloaded', message: 'The PDF could not be made' }),
      ),
    );
    expect(saved).toEqual(['aurora-dubai-2026-10.csv']);
    click.mockRestore();
    toast.mockRestore();
  }, 30_000);
});
