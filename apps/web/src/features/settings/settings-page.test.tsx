import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getTimeZone, TIME_ZONE_KEY } from '../../lib/preferences';
import { mockFetch, renderRoutes } from '../../test/render';
import { SettingsPage } from './settings-page';

const render = () => {
  // The monthly report section lists the user's locations and subscriptions: none here.
  mockFetch(() => ({ body: { success: true, data: [], paging: { skip: 0, limit: 1000, total: 0 } } }));
  return renderRoutes([{ path: '/settings', element: <SettingsPage /> }], '/settings');
};

describe('SettingsPage', () => {
  it('offers Light, Dark and System, and switches the scheme', async () => {
    render();
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    for (const name of ['Light', 'Dark', 'System']) expect(screen.getByRole('radio', { name })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Dark' }));
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
  }, 20_000);

  it("shows the browser's zone until one is chosen, and keeps the chosen one", async () => {
    render();
    const select = screen.getByLabelText('Time zone', { selector: 'input' });
    expect(select).toHaveValue(getTimeZone());
    const user = userEvent.setup();
    await user.clear(select);
    await user.type(select, 'Asia/Dub');
    await user.click(await screen.findByRole('option', { name: 'Asia/Dubai' }));
    expect(localStorage.getItem(TIME_ZONE_KEY)).toBe('Asia/Dubai');
    expect(screen.getByLabelText('Time zone', { selector: 'input' })).toHaveValue('Asia/Dubai');
    await user.click(screen.getByRole('button', { name: /Use this browser's zone/ }));
    expect(localStorage.getItem(TIME_ZONE_KEY)).toBeNull();
  }, 20_000);
});
