import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { saveSession } from '../../lib/session';
import { FakeEventSource } from '../../test/fake-event-source';
import { listParams, mockFetch, renderRoutes } from '../../test/render';
import { TEST_USER } from '../../test/users';
import { NotificationBell } from './notification-bell';

const user = { ...TEST_USER, id: 7 };

describe('NotificationBell', () => {
  afterEach(() => FakeEventSource.reset());

  it('shows the unread count, and a new one as soon as the live stream says so', async () => {
    FakeEventSource.install();
    saveSession('tok', user);
    let unread = 0;
    mockFetch((url) => {
      if (url.pathname === '/api/user/me') {
        return {
          body: { success: true, data: { user, role: { id: 2, title: 'Viewer', description: '', accessLevel: 10 } } },
        };
      }
      if (url.pathname === '/api/user-notification') {
        const { fetchParams } = listParams(url) as { fetchParams: { read?: boolean } };
        const total = fetchParams.read === false ? unread : 5;
        return { body: { success: true, data: [], paging: { skip: 0, limit: 1, total } } };
      }
      return { status: 404, body: { success: false, error: 'not found' } };
    });
    renderRoutes([{ path: '/', element: <NotificationBell /> }], '/');
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    const stream = await waitFor(() => FakeEventSource.only());
    expect(stream.url).toContain('only=notifications');

    unread = 1;
    stream.emit('open');
    stream.emit('notification', {});
    const bell = await screen.findByRole('link', { name: 'Notifications, 1 unread' });
    // The number itself, not only a dot.
    expect(bell).toHaveTextContent(/^1$/);

    unread = 12;
    stream.emit('notification', {});
    expect(await screen.findByRole('link', { name: 'Notifications, 9+ unread' })).toHaveTextContent(/^9\+$/);
  });
});
