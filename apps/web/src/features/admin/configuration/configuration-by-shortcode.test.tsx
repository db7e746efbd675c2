import { DEFAULT_THEME } from '@greenpod/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { listParams, mockFetch, renderRoutes } from '../../../test/render';
import { ConfigurationByShortcode } from './configuration-by-shortcode';

// The preview draws on a canvas, which jsdom has not: the e2e test looks at it in Chromium.
vi.mock('./theme-aside', () => ({ ThemeAside: () => <p>Preview</p> }));

const GROUP = { id: 3, title: 'Coastal Hotels', shortcode: 'GgGgGgGgGgGg' };
const CLIENT = { id: 7, groupId: 3, title: 'Harbour Inn', shortcode: 'CcCcCcCcCcCc' };
const STORED = {
  id: 12,
  groupId: 3,
  clientId: 7,
  ...DEFAULT_THEME,
  backgroundColor: '#0f1b2d',
  timeFrame: 30,
  alertLimit: 10,
  currency: 'EUR',
  electricityTariff: 0.2,
  waterTariff: 0.01,
  notificationMargin: 10,
  notificationCooldown: 30,
  active: true,
};

const page = (rows: unknown[]) => ({
  body: { success: true, data: rows, paging: { skip: 0, limit: 1, total: rows.length } },
});

/** The API as an administrator sees it, with or without a configuration for the client. */
function api(configured: boolean) {
  return mockFetch((url) => {
    if (url.pathname === '/api/configuration/12') return { body: { success: true, data: STORED } };
    const filter = (listParams(url).fetchParams ?? {}) as Record<string, unknown>;
    if (url.pathname === '/api/group')
      return page(filter.shortcode === undefined || filter.shortcode === GROUP.shortcode ? [GROUP] : []);
    if (url.pathname === '/api/client')
      return page(filter.shortcode === undefined || filter.shortcode === CLIENT.shortcode ? [CLIENT] : []);
    if (url.pathname === '/api/configuration') return page(configured && filter.clientId === CLIENT.id ? [STORED] : []);
    return page([]);
  });
}

const open = (path: string) =>
  renderRoutes(
    [{ path: '/admin/configuration/:groupShortcode/:clientShortcode', element: <ConfigurationByShortcode /> }],
    path,
  );

describe('/admin/configuration/:groupShortcode/:clientShortcode', () => {
  it("opens the client's configuration in the editor", async () => {
    api(true);
    open(`/admin/configuration/${GROUP.shortcode}/${CLIENT.shortcode}`);
    expect(await screen.findByRole('heading', { name: 'Edit Configuration' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Background Color' })).toHaveValue('#0f1b2d');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it("opens a create form with the group and client chosen, from Greenpod's colours, when the client has none", async () => {
    api(false);
    open(`/admin/configuration/${GROUP.shortcode}/${CLIENT.shortcode}`);
    expect(await screen.findByRole('heading', { name: 'Create Configuration' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /^Client/ })).toHaveTextContent(CLIENT.title));
    expect(screen.getByRole('button', { name: /^Group/ })).toHaveTextContent(GROUP.title);
    expect(screen.getByRole('textbox', { name: 'Primary Action Color' })).toHaveValue(DEFAULT_THEME.primaryActionColor);
  });

  it('says so for shortcodes of no client', async () => {
    api(true);
    open(`/admin/configuration/${GROUP.shortcode}/ZZZZZZZZZZZZ`);
    expect(await screen.findByRole('heading', { name: 'Configuration not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All configurations' })).toHaveAttribute('href', '/admin/configuration');
  });

  it('asks nothing about a shortcode that cannot be one', async () => {
    const calls = api(true);
    open('/admin/configuration/short/CcCcCcCcCcCc');
    expect(await screen.findByRole('heading', { name: 'Configuration not found' })).toBeInTheDocument();
    expect(calls).not.toHaveBeenCalled();
  });
});
