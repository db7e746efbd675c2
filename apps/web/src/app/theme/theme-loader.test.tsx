import { DEFAULT_THEME } from '@greenpod/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes } from '../../test/render';
import { routes } from '../routes';
import { getThemeConfig, setThemeConfig } from './theme-store';

const CLIENT_THEME = { ...DEFAULT_THEME, primaryActionColor: '#d4a24c', backgroundColor: '#0f1b2d' };
afterEach(() => setThemeConfig(DEFAULT_THEME));

describe('ThemeLoader', () => {
  it("dresses sign-in reached from a client's link in that client's theme", async () => {
    const calls = mockFetch((url) =>
      url.pathname === '/api/configuration/AbCdEfGhIjKl/MnOpQrStUvWx'
        ? { body: { success: true, data: CLIENT_THEME } }
        : { status: 404, body: { success: false, error: 'Client not found' } },
    );
    renderRoutes(routes, '/user/login?next=%2FAbCdEfGhIjKl%2FMnOpQrStUvWx');
    await expect.poll(() => getThemeConfig().primaryActionColor).toBe('#d4a24c');
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it('falls back to the default theme for unknown shortcodes', async () => {
    setThemeConfig(CLIENT_THEME);
    const calls = mockFetch(() => ({ status: 404, body: { success: false, error: 'Client not found' } }));
    renderRoutes(routes, '/AbCdEfGhIjKl/ZZZZZZZZZZZZ');
    await expect.poll(() => calls.mock.calls.length).toBeGreaterThan(0);
    await expect.poll(() => getThemeConfig()).toBe(DEFAULT_THEME);
  });

  it('asks for nothing when the default theme applies', async () => {
    const calls = mockFetch(() => ({ body: { success: true } }));
    renderRoutes(routes, '/user/login');
    await expect.poll(() => getThemeConfig()).toBe(DEFAULT_THEME);
    expect(calls).not.toHaveBeenCalled();
  });
});
