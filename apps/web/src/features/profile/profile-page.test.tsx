import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getToken, saveSession } from '../../lib/session';
import { mockFetch, renderRoutes } from '../../test/render';
import { ProfilePage } from './profile-page';

const user = {
  id: 7,
  roleId: 2,
  assetId: null,
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  active: true,
  verified: false,
};
const me = { success: true, data: { user, role: { id: 2, title: 'Viewer', description: '', accessLevel: 10 } } };
const routes = [
  { path: '/profile', element: <ProfilePage /> },
  { path: '/user/login', element: <p>sign-in page</p> },
];

describe('ProfilePage', () => {
  it("shows the signed-in user's record", async () => {
    saveSession('tok', user);
    mockFetch(() => ({ body: me }));
    renderRoutes(routes, '/profile');
    expect(await screen.findByText('Ann Lee')).toBeInTheDocument();
    expect(screen.getByText('ann@example.com')).toBeInTheDocument();
    expect(screen.getByText('Viewer')).toBeInTheDocument();
    expect(screen.getByText('Not verified')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign-in', async () => {
    const { router } = renderRoutes(routes, '/profile');
    expect(await screen.findByText('sign-in page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?next=%2Fprofile');
  });

  it('changes the password, keeps the fresh token, and shows a wrong current password on its field', async () => {
    saveSession('old-token', user);
    let attempt = 0;
    const calls = mockFetch((url) => {
      if (url.pathname !== '/api/user/me/password') return { body: me };
      attempt++;
      return attempt === 1
        ? {
            status: 400,
            body: {
              success: false,
              error: 'The current password is not correct',
              validationErrors: { currentPassword: ['The current password is not correct'] },
            },
          }
        : { body: { success: true, token: 'fresh-token' } };
    });
    renderRoutes(routes, '/profile');
    const u = userEvent.setup();
    await screen.findByText('Ann Lee');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findAllByText('** This field is required, please fill it in **')).not.toHaveLength(0);

    await u.type(screen.getByLabelText('Current Password'), 'wrong-one');
    await u.type(screen.getByLabelText('New Password'), 'new-password-1');
    await u.type(screen.getByLabelText('Confirm Password'), 'new-password-2');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();

    await u.clear(screen.getByLabelText('Confirm Password'));
    await u.type(screen.getByLabelText('Confirm Password'), 'new-password-1');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findAllByText('The current password is not correct')).length).toBeGreaterThan(0);
    expect(getToken()).toBe('old-token');

    await u.clear(screen.getByLabelText('Current Password'));
    await u.type(screen.getByLabelText('Current Password'), 'right-one');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText('Ann Lee');
    await expect.poll(() => getToken()).toBe('fresh-token');
    const body = JSON.parse(String(calls.mock.calls.at(-1)?.[1]?.body)) as Record<string, string>;
    expect(body).toMatchObject({ currentPassword: 'right-one', password: 'new-password-1' });
  });
});
