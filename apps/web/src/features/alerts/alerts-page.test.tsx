import type { AlertCard } from '@greenpod/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { describe, expect, it, vi } from 'vitest';
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
  status: 'ok',
  condition: 'greater',
  threshold: 2,
  action: 'Switch off the heaters',
  current: { value: 1, at: wire(minutesAgo(1)) },
  goal: { amount: 5, currency: 'EUR', period: 'DAILY' },
  savings: { amount: 1.25, periodStart: '2026-03-09 00:00:00' },
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
    expect(screen.getByText('1 exceeded · 1 close · 1 OK')).toBeInTheDocument();
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
    expect(within(load).getByText('OK')).toBeInTheDocument();
    // An electricity reading is its 5-minute interval's energy: 1 Ah x 230 V / 1000 = 0.23 kWh.
    expect(figure(load, 'Current (5 min)')).toHaveTextContent(/^0\.23kWh/);
    expect(figure(load, 'Limit (5 min)')).toHaveTextContent('Above 0.46kWh');
    expect(figure(load, 'Goal')).toHaveTextContent('€5.00a day');
    expect(figure(load, 'Savings')).toHaveTextContent('€1.2525 % of the goal');
    expect(within(load).getByText('None')).toBeInTheDocument();
    // Only the exceeded card can be acknowledged.
    expect(within(load).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Humid room on Room 101' })).queryByRole('button'),
    ).not.toBeInTheDocument();
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
    const card = await screen.findByRole('article', { name: 'Room too warm on Room 101' });
    expect(card).toHaveAttribute('data-status', 'ok');
    cards[0] = base;
    const stream = await vi.waitFor(() => FakeEventSource.only());
    stream.emit('open');
    stream.emit('notification', {});
    await vi.waitFor(() =>
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
