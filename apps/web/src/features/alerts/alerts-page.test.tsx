import type { AlertCard } from '@greenpod/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { describe, expect, it } from 'vitest';
import { setTimeZone } from '../../lib/preferences';
import { saveSession } from '../../lib/session';
import { FakeEventSource } from '../../test/fake-event-source';
import { mockFetch, renderRoutes } from '../../test/render';
import { TEST_USER } from '../../test/users';
import { AlertsPage } from './alerts-page';

dayjs.extend(utc);
const wire = (d: dayjs.Dayjs) => d.utc().format('YYYY-MM-DD HH:mm:ss');
// Minute-aligned past instants, so "today" holds in any zone the test runs at most minutes before midnight.
const minutesAgo = (m: number) => dayjs().startOf('minute').subtract(m, 'minute');

const base: AlertCard = {
  ruleId: 1,
  podId: 10,
  title: 'Room too warm',
  podTitle: 'Room 101',
  areaTitle: 'First floor',
  locationTitle: 'Aurora Dubai',
  sensorType: 'TEMPERATURE',
  type: 'default',
  status: 'exceeded',
  condition: 'greater',
  threshold: 26,
  severity: 'HIGH',
  action: 'Check the air conditioning',
  voltage: 230,
  current: { value: 27.5, at: wire(minutesAgo(1)) },
  goal: null,
  savings: null,
  lastBreachAt: wire(dayjs.utc('2026-03-01 09:15:00')),
  episodeStartedAt: wire(minutesAgo(20)),
  cooldown: { configured: 60, minutes: 60 },
  acknowledgement: null,
};
const saving: AlertCard = {
  ...base,
  ruleId: 2,
  title: 'High load',
  sensorType: 'ELECTRICITY',
  type: 'saving',
  status: 'close',
  condition: 'greater',
  threshold: 2,
  action: 'Switch off the heaters',
  current: { value: 1, at: wire(minutesAgo(1)) },
  goal: { amount: 5, currency: 'EUR', period: 'DAILY' },
  savings: { amount: 1.25, periodStart: '2026-03-09' },
  lastBreachAt: null,
  episodeStartedAt: null,
};
const close: AlertCard = { ...base, ruleId: 3, title: 'Humid room', sensorType: 'HUMIDITY', status: 'close' };

function serve(cards: AlertCard[], acknowledge?: (card: AlertCard) => { status?: number; body: unknown }) {
  return mockFetch((url, init) => {
    if (url.pathname === '/api/alert-cards') return { body: { success: true, data: cards } };
    const match = /^\/api\/alert-cards\/(\d+)\/(\d+)\/acknowledge$/.exec(url.pathname);
    const card = match && cards.find((c) => c.ruleId === Number(match[1]) && c.podId === Number(match[2]));
    if (card && init.method === 'POST' && acknowledge) return acknowledge(card);
    return { status: 404, body: { success: false, error: 'Alert not found' } };
  });
}

const renderPage = () => renderRoutes([{ path: '/alerts', element: <AlertsPage /> }], '/alerts');

describe('AlertsPage', () => {
  it('shows each card with its status in words, figures, action and last breach', async () => {
    setTimeZone('UTC');
    serve([base, close, saving]);
    renderPage();
    expect(screen.getByRole('heading', { name: 'Alerts', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading alerts' })).toBeInTheDocument();
    const warm = await screen.findByRole('article', { name: 'Room too warm on Room 101' });
    expect(screen.getByText('1 exceeded · 2 close · 0 OK')).toBeInTheDocument();
    expect(within(warm).getByText('Exceeded')).toBeInTheDocument();
    expect(within(warm).getByText('Room 101, Aurora Dubai')).toBeInTheDocument();
    const figure = (card: HTMLElement, term: string) => within(card).getByText(term).nextElementSibling;
    expect(figure(warm, 'Current')).toHaveTextContent(/^27\.5°C/);
    expect(figure(warm, 'Limit')).toHaveTextContent('Above 26°C');
    expect(within(warm).getByText('Check the air conditioning')).toBeInTheDocument();
    expect(within(warm).getByText('1 Mar 2026, 09:15')).toBeInTheDocument();
    // A default card has no goal or savings.
    expect(within(warm).queryByText('Goal')).not.toBeInTheDocument();

    const load = screen.getByRole('article', { name: 'High load on Room 101' });
    expect(within(load).getByText('Close')).toBeInTheDocument();
    // An electricity reading is its 5-minute interval's energy: 1 Ah x 230 V / 1000 = 0.23 kWh.
    expect(figure(load, 'Current (5 min)')).toHaveTextContent(/^0\.23kWh/);
    expect(figure(load, 'Limit (5 min)')).toHaveTextContent('Above 0.46kWh');
    expect(figure(load, 'Goal')).toHaveTextContent('€5.00a day');
    expect(figure(load, 'Savings')).toHaveTextContent('€1.2525 % of the goal');
    expect(within(load).getByText('None')).toBeInTheDocument();
    // Only the exceeded card can be acknowledged.
    // Nothing is within its limits: no folded list.
    expect(screen.queryByRole('region', { name: /^Within their limits/ })).not.toBeInTheDocument();
    expect(within(load).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Humid room on Room 101' })).queryByRole('button'),
    ).not.toBeInTheDocument();
  });

  it('leads with what needs someone, and folds the rules within their limits into a list a filter opens', async () => {
    setTimeZone('UTC');
    const ok = (ruleId: number, title: string, podTitle: string, sensorType: AlertCard['sensorType']): AlertCard => ({
      ...base,
      ruleId,
      title,
      podTitle,
      sensorType,
      status: 'ok',
      current: { value: 21.5, at: wire(minutesAgo(2)) },
      episodeStartedAt: null,
    });
    const acknowledged: AlertCard = {
      ...base,
      ruleId: 4,
      title: 'Freezer warm',
      acknowledgement: { userId: 7, name: 'Ann Lee', at: wire(minutesAgo(5)) },
    };
    const quiet: AlertCard = { ...ok(8, 'Lights on at night', 'Lobby', 'LUMINESCENCE'), status: null, current: null };
    // The server's order: exceeded (the acknowledged one first), close, OK, without readings.
    serve([
      acknowledged,
      base,
      close,
      ok(5, 'Stale air', 'Room 101', 'AIR_QUALITY'),
      ok(6, 'Room too cold', 'Boiler room', 'TEMPERATURE'),
      ok(7, 'Water leak', 'Kitchen', 'WATER_FLOW'),
      quiet,
    ]);
    renderPage();
    expect(await screen.findByText('2 exceeded · 1 close · 3 OK · 1 without readings')).toBeInTheDocument();
    // Cards for what needs someone: exceeded and not taken up, then close, then acknowledged.
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Room too warm on Room 101',
      'Humid room on Room 101',
      'Freezer warm on Room 101',
    ]);
    const folded = screen.getByRole('region', { name: 'Within their limits (4)' });
    const toggle = within(folded).getByRole('button', { name: 'Show' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(folded).queryByRole('listitem')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(toggle);
    expect(
      within(folded)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual([
      'Stale air on Room 101',
      'Room too cold on Boiler room',
      'Water leak on Kitchen',
      'Lights on at night on Lobby',
    ]);
    const cold = within(folded).getByRole('listitem', { name: 'Room too cold on Boiler room' });
    expect(cold).toHaveTextContent('21.5 °C');
    expect(cold).toHaveTextContent('Above 26 °C');
    expect(within(cold).getByText('OK')).toBeInTheDocument();
    const lights = within(folded).getByRole('listitem', { name: 'Lights on at night on Lobby' });
    expect(lights).toHaveTextContent('No reading yet');
    expect(within(lights).getAllByText('N/A')).toHaveLength(2); // the reading and the pill

    await user.click(within(folded).getByRole('button', { name: 'Hide' }));
    expect(within(folded).queryByRole('listitem')).not.toBeInTheDocument();
    // Typing in the filter opens the list on what it matches: a rule, a pod, a place or a sensor.
    await user.type(within(folded).getByRole('textbox', { name: 'Filter the rules within their limits' }), 'boiler');
    expect(
      within(folded)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Room too cold on Boiler room']);
    await user.clear(within(folded).getByRole('textbox'));
    await user.type(within(folded).getByRole('textbox'), 'water flow');
    expect(
      within(folded)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Water leak on Kitchen']);
    await user.type(within(folded).getByRole('textbox'), ' sauna');
    expect(within(folded).getByText('No rule within its limits matches “water flow sauna”.')).toBeInTheDocument();
  });

  it('opens the list at once when nothing needs anyone', async () => {
    serve([{ ...base, status: 'ok', episodeStartedAt: null }]);
    renderPage();
    expect(await screen.findByText('All 1 within their limits')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    const folded = screen.getByRole('region', { name: 'Within their limits (1)' });
    expect(within(folded).getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(folded).getByRole('listitem', { name: 'Room too warm on Room 101' })).toBeInTheDocument();
  });

  it('acknowledges an exceeded card and then says by whom and when', async () => {
    setTimeZone('UTC');
    const at = minutesAgo(0);
    const calls = serve([base], (card) => ({
      body: { success: true, data: { ...card, acknowledgement: { userId: 7, name: 'Ann Lee', at: wire(at) } } },
    }));
    renderPage();
    const button = await screen.findByRole('button', { name: 'Acknowledge Room too warm on Room 101' });
    await userEvent.setup().click(button);
    expect(await screen.findByText(`Acknowledged by Ann Lee at ${at.utc().format('HH:mm')}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Acknowledge/ })).not.toBeInTheDocument();
    expect(
      calls.mock.calls.some(
        ([u, init]) => String(u).endsWith('/api/alert-cards/1/10/acknowledge') && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it("shows the server's reason when an acknowledgement is refused", async () => {
    serve([base], () => ({
      status: 409,
      body: { success: false, error: 'Only an exceeded alert can be acknowledged: this one is OK' },
    }));
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Acknowledge Room too warm/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only an exceeded alert can be acknowledged: this one is OK',
    );
  });

  it('fetches the cards again as soon as the live stream says a notification was delivered', async () => {
    FakeEventSource.install();
    saveSession('tok', TEST_USER);
    const cards: AlertCard[] = [{ ...base, status: 'ok' }];
    serve(cards);
    renderPage();
    // Within its limits, it is a line of the list (open: nothing else needs anyone).
    const line = await screen.findByRole('listitem', { name: 'Room too warm on Room 101' });
    expect(line).toHaveAttribute('data-status', 'ok');
    cards[0] = base;
    const stream = await waitFor(() => FakeEventSource.only());
    stream.emit('open');
    stream.emit('notification', {});
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Room too warm on Room 101' })).toHaveAttribute(
        'data-status',
        'exceeded',
      ),
    );
    FakeEventSource.reset();
  });

  it('says "No Data Found" when no rule applies to the pods in scope', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
  });

  it('offers to try again when the alerts cannot be loaded', async () => {
    mockFetch(() => ({ status: 500, body: { success: false, error: 'Internal server error' } }));
    renderPage();
    expect(await screen.findByText('The alerts could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
