import { DEFAULT_THEME } from '@greenpod/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes } from '../../test/render';
import { routes } from '../routes';
import { getThemeConfig, setThemeConfig } from './theme-store';

const CLIENT_THEME = { ...DEFAULT_THEME, primaryActionColor: '#d4a24c', backgroundColor: '#0f1b2d' };
afterEach(() => setThemeConfig(DEFAULT_THEME));

/* A test ends on the settled sign-in page: a lazy route or a query that resolves after the test would
   update React outside act (and, on a slow machine, inside the next test). */
const signInShown = () => screen.findByRole('heading', { name: 'Sign in' }, { timeout: 10_000 });

describe('ThemeLoader', () => {
  it("dresses sign-in reached from a client's link in that client's theme", async () => {
    const calls = mockFetch((url) =>
      url.pathname === '/api/configuration/AbCdEfGhIjKl/MnOpQrStUvWx'
        ? { body: { success: true, data: CLIENT_THEME } }
        : { status: 404, body: { success: false, error: 'Client not found' } },
    );
    renderRoutes(routes, '/user/login?next=%2FAbCdEfGhIjKl%2FMnOpQrStUvWx');
    await waitFor(() => expect(getThemeConfig().primaryActionColor).toBe('#d4a24c'));
    await signInShown();
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it("puts the client's favicon in the tab, and Greenpod's back where a theme names none", async () => {
    const icon = Object.assign(document.createElement('link'), { rel: 'icon', href: '/favicon.svg' });
    document.head.append(icon);
    const favicon = '/api/asset/file/9';
    mockFetch((url) =>
      url.pathname === '/api/configuration/AbCdEfGhIjKl/MnOpQrStUvWx'
        ? { body: { success: true, data: { ...CLIENT_THEME, favicon } } }
        : { status: 404, body: { success: false, error: 'Client not found' } },
    );
    const { router } = renderRoutes(routes, '/user/login?next=%2FAbCdEfGhIjKl%2FMnOpQrStUvWx');
    await waitFor(() => expect(icon.getAttribute('href')).toBe(favicon));
    expect(icon.hasAttribute('type')).toBe(false);
    await router.navigate('/user/login');
    await waitFor(() => expect(icon.getAttribute('href')).toBe('/favicon.svg'));
    expect(icon.type).toBe('image/svg+xml');
    await signInShown();
    icon.remove();
  });

  it('falls back to the default theme for unknown shortcodes', async () => {
    setThemeConfig(CLIENT_THEME);
    const calls = mockFetch(() => ({ status: 404, body: { success: false, error: 'Client not found' } }));
    const { client } = renderRoutes(routes, '/AbCdEfGhIjKl/ZZZZZZZZZZZZ');
    await waitFor(() => expect(calls.mock.calls.length).toBeGreaterThan(0));
    await waitFor(() => expect(getThemeConfig()).toBe(DEFAULT_THEME));
    await screen.findByText(/names a client whose places you cannot see/, undefined, { timeout: 10_000 });
    await waitFor(() => expect(client.isFetching()).toBe(0));
  });

  it('asks for nothing when the default theme applies', async () => {
    const calls = mockFetch(() => ({ body: { success: true } }));
    renderRoutes(routes, '/user/login');
    await waitFor(() => expect(getThemeConfig()).toBe(DEFAULT_THEME));
    await signInShown();
    expect(calls).not.toHaveBeenCalled();
  });
});
