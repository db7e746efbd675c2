import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../lib/session';
import { mockFetch, renderRoutes } from '../test/render';
import { TEST_USER } from '../test/users';
import { routes } from './routes';

const user = TEST_USER;
const me = (accessLevel: number) => ({
  body: { success: true, data: { user, role: { id: 2, title: 'R', description: '', accessLevel } } },
});

describe('routes and shell', () => {
  it('sends /admin to sign-in when no active user is stored', async () => {
    renderRoutes(routes, '/admin/group');
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
  });

  it('sends a non-administrator from /admin to the dashboard', async () => {
    saveSession('tok', user);
    mockFetch(() => me(10));
    const { router } = renderRoutes(routes, '/admin');
    expect(await screen.findByRole('link', { name: 'Alerts' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the admin sidebar and gear to an administrator', async () => {
    saveSession('tok', user);
    mockFetch(() => me(50));
    renderRoutes(routes, '/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Role Pod' })).toHaveAttribute('href', '/admin/role-pod');
    expect(screen.getByRole('button', { name: 'Switch to user mode' })).toBeInTheDocument();
  });

  it('shows no sidebar before sign-in, and the profile icon leads to sign-in', async () => {
    // A placeholder page: it asks the server for nothing.
    renderRoutes(routes, '/datatable');
    expect(screen.getByRole('heading', { name: 'DATA TABLE' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Alerts' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/user/login');
    // Two footers: fixed on wide screens, closing the page on phones (CSS shows one of them).
    expect(screen.getAllByText(`© ${new Date().getFullYear()} Greenpod`)).toHaveLength(2);
  });

  it.each(['/no/such/page/here', '/user/whatever', '/locations/x'])('answers %s with the 404 page', async (path) => {
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('opens a dashboard by 12-character shortcodes', async () => {
    const paging = { skip: 0, limit: 5, total: 0 };
    mockFetch((url) => ({
      body: { success: true, data: url.pathname === '/api/stat-all' ? { results: [] } : [], paging },
    }));
    renderRoutes(routes, '/abcdefghijkl/mnopqrstuvwx');
    expect(await screen.findByRole('heading', { name: 'All locations' }, { timeout: 5000 })).toBeInTheDocument();
    expect((await screen.findAllByText('No Data Found', undefined, { timeout: 5000 })).length).toBeGreaterThan(0);
  });
});
