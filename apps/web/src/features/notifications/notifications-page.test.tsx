import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { describe, expect, it } from 'vitest';
import { setTimeZone } from '../../lib/preferences';
import { saveSession } from '../../lib/session';
import { listParams, mockFetch, renderRoutes } from '../../test/render';
import { TEST_USER } from '../../test/users';
import { NotificationPanel } from './notification-panel';
import { NotificationsPage } from './notifications-page';

dayjs.extend(utc);
const user = { ...TEST_USER, id: 7 };
const wire = (d: dayjs.Dayjs) => d.utc().format('YYYY-MM-DD HH:mm:ss');
const rows = [
  {
    id: 1,
    read: false,
    created: wire(dayjs()),
    notificationTitle: 'ALERT',
    severity: 'HIGH',
    podTitle: 'Boiler room',
    sensorTitle: 'Temperature',
  },
  {
    id: 2,
    read: true,
    created: wire(dayjs().subtract(3, 'day')),
    notificationTitle: 'WARNING',
    severity: null,
    podTitle: 'Kitchen',
    sensorTitle: 'Water Flow',
  },
];

function serve() {
  return mockFetch((url, init) => {
    if (url.pathname === '/api/user/me') {
      return {
        body: { success: true, data: { user, role: { id: 2, title: 'Viewer', description: '', accessLevel: 10 } } },
      };
    }
    if (url.pathname === '/api/user-notification') {
      const { fetchParams } = listParams(url) as { fetchParams: { read?: boolean } };
      const data = fetchParams.read === false ? rows.filter((r) => !r.read) : rows;
      return { body: { success: true, data, paging: { skip: 0, limit: 100, total: data.length } } };
    }
    if (url.pathname === '/api/user-notification/read-all' && init.method === 'POST') {
      const updated = rows.filter((r) => !r.read).length;
      for (const r of rows) r.read = true;
      return { body: { success: true, data: { updated } } };
    }
    if (url.pathname === '/api/user-notification/1/read' && init.method === 'POST') {
      return { body: { success: true, data: { id: 1, read: true } } };
    }
    return { status: 404, body: { success: false, error: 'not found' } };
  });
}

describe('NotificationsPage', () => {
  it("lists the user's own notifications by day, and opening an unread one marks it read", async () => {
    saveSession('tok', user);
    setTimeZone('UTC');
    const calls = serve();
    renderRoutes([{ path: '/notificationspage', element: <NotificationsPage /> }], '/notificationspage');
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(within(today).getByText('Alert: Temperature on Boiler room')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Earlier' })).getByText('Warning: Water Flow on Kitchen'),
    ).toBeInTheDocument();
    // Only this user's rows are asked for, even by an administrator.
    const list = calls.mock.calls
      .map(([u]) => new URL(String(u), 'http://x'))
      .find((u) => u.pathname === '/api/user-notification');
    expect(listParams(list as URL).fetchParams).toEqual({ userId: 7 });

    await userEvent.setup().click(screen.getByRole('button', { name: /^Alert: Temperature on Boiler room, unread/ }));
    expect(
      calls.mock.calls.some(([u, init]) => String(u).endsWith('/user-notification/1/read') && init?.method === 'POST'),
    ).toBe(true);
  });

  it('asks the server for unread ones only on the Unread tab', async () => {
    saveSession('tok', user);
    serve();
    renderRoutes([{ path: '/notificationspage', element: <NotificationsPage /> }], '/notificationspage');
    await screen.findByText('Warning: Water Flow on Kitchen');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Unread' }));
    expect(await screen.findByText('Alert: Temperature on Boiler room')).toBeInTheDocument();
    expect(screen.queryByText('Warning: Water Flow on Kitchen')).not.toBeInTheDocument();
  });
});

describe('Mark all read', () => {
  it('marks every unread one read on the server, and is off once none is left', async () => {
    const saved = rows.map((r) => ({ ...r }));
    saveSession('tok', user);
    const calls = serve();
    renderRoutes([{ path: '/notificationspage', element: <NotificationsPage /> }], '/notificationspage');
    await screen.findByText(/^Alert: Temperature on Boiler room/);
    const button = await screen.findByRole('button', { name: 'Mark all read' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.setup().click(button);
    expect(
      calls.mock.calls.some(
        ([u, init]) => String(u).endsWith('/user-notification/read-all') && init?.method === 'POST',
      ),
    ).toBe(true);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled());
    expect(screen.queryByText(/, unread/)).not.toBeInTheDocument();
    rows.splice(0, rows.length, ...saved);
  });
});

describe('NotificationPanel opening', () => {
  it('hands the opened notification to its owner', async () => {
    const opened: number[] = [];
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <NotificationPanel
              items={[{ id: 5, title: 'Leak', created: wire(dayjs()), read: false }]}
              onOpen={(n) => opened.push(n.id)}
            />
          ),
        },
      ],
      '/',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: /^Leak, unread/ }));
    expect(opened).toEqual([5]);
  });
});
