import { cleanNotifications, cleanNotificationsQueue, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../lib/session';
import { mockFetch } from '../test/render';
import { TEST_USER } from '../test/users';
import { Providers } from './providers';
import { AppRoutes } from './router';

const user = TEST_USER;

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="where">{pathname + search}</output>;
}

function renderApp(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Providers>
        <AppRoutes />
        <Where />
      </Providers>
    </MemoryRouter>,
  );
}

describe('the app as main.tsx mounts it', () => {
  it("answers a 401 from any request by opening sign-in, keeping a client's link to return to", async () => {
    saveSession('expired', user);
    mockFetch(() => ({ status: 401, body: { success: false, message: 'Unauthorized' } }));
    renderApp('/greenpod-grp/seaside-hotl?tab=day');
    expect(await screen.findByLabelText('Username', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByLabelText('where')).toHaveTextContent(
      `/user/login?next=${encodeURIComponent('/greenpod-grp/seaside-hotl?tab=day')}`,
    );
  });

  it('shows a toast raised after start, though its container loads only then', async () => {
    // Test files share a worker (isolate: false) and so the toast store: start from an empty one.
    cleanNotifications();
    cleanNotificationsQueue();
    mockFetch(() => ({ status: 404, body: { success: false, message: 'none' } }));
    renderApp('/user/login');
    await screen.findByLabelText('Username');
    act(() => {
      notifications.show({ message: 'Password changed' });
    });
    expect(await screen.findByText('Password changed', {}, { timeout: 5_000 })).toBeInTheDocument();
  });
});
