import { DEFAULT_THEME, PAGE_THEME_ELEMENT_ID } from '@greenpod/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { saveSession } from '../../lib/session';
import { mockFetch, renderRoutes } from '../../test/render';
import { TEST_USER } from '../../test/users';
import { routes } from '../routes';
import { primeTheme } from './theme-loader';
import { getThemeConfig, setThemeConfig } from './theme-store';

const CLIENT_THEME = { ...DEFAULT_THEME, primaryActionColor: '#d4a24c', backgroundColor: '#0f1b2d' };
afterEach(() => {
  setThemeConfig(DEFAULT_THEME);
  document.getElementById(PAGE_THEME_ELEMENT_ID)?.remove();
});

/** The page as the server sends a client's link: with that client's theme in it. */
function carryClientTheme() {
  const element = Object.assign(document.createElement('script'), {
    type: 'application/json',
    id: PAGE_THEME_ELEMENT_ID,
  });
  element.textContent = JSON.stringify({
    groupShortcode: 'AbCdEfGhIjKl',
    clientShortcode: 'MnOpQrStUvWx',
    theme: CLIENT_THEME,
  });
  document.head.append(element);
}

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

  it("wears on a client's link the theme its page carries before the first render, and asks for none", async () => {
    carryClientTheme();
    const calls = mockFetch(() => ({ status: 404, body: { success: false, error: 'Not found' } }));
    primeTheme('/AbCdEfGhIjKl/MnOpQrStUvWx', '');
    expect(getThemeConfig()).toEqual(CLIENT_THEME);
    renderRoutes(routes, '/user/login?next=%2FAbCdEfGhIjKl%2FMnOpQrStUvWx');
    expect(getThemeConfig()).toEqual(CLIENT_THEME);
    await signInShown();
    expect(calls.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/configuration/'))).toEqual([]);
  });

  it("remembers the role's theme it was given: the next visit wears it at once, and asks again", async () => {
    saveSession('tok', TEST_USER);
    const ROLE_THEME = { ...DEFAULT_THEME, primaryActionColor: '#aa3366' };
    const calls = mockFetch((url) =>
      url.pathname === `/api/configuration/role/${TEST_USER.roleId}`
        ? { body: { success: true, data: ROLE_THEME } }
        : { status: 404, body: { success: false, error: 'Not found' } },
    );
    const first = renderRoutes(routes, '/datatable');
    await waitFor(() => expect(getThemeConfig().primaryActionColor).toBe('#aa3366'));
    await waitFor(() => expect(first.client.isFetching()).toBe(0));
    cleanup();
    setThemeConfig(DEFAULT_THEME);

    primeTheme('/datatable', '');
    expect(getThemeConfig().primaryActionColor).toBe('#aa3366');
    const asked = () => calls.mock.calls.filter(([url]) => String(url).includes('/configuration/role/')).length;
    const before = asked();
    const second = renderRoutes(routes, '/datatable');
    await waitFor(() => expect(asked()).toBe(before + 1));
    await waitFor(() => expect(second.client.isFetching()).toBe(0));
  });
});
