import type { AlarmHealth } from '@greenpod/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setTimeZone } from '../../../lib/preferences';
import { saveSession } from '../../../lib/session';
import { mockFetch, renderRoutes } from '../../../test/render';
import { TEST_USER } from '../../../test/users';
import { AlarmHealthPage } from './alarm-health-page';

const report = (days: number): AlarmHealth => ({
  from: '2026-11-19',
  to: '2026-11-25',
  timeZone: 'Europe/London',
  total: 14 * days,
  perDay: [
    { day: '2026-11-24', alerts: 6, warnings: 6, other: 0 },
    { day: '2026-11-25', alerts: 1, warnings: 0, other: 1 },
  ],
  perTenMinutes: 0.01,
  busiest: { start: '2026-11-24 10:00:00', count: 12 },
  floods: [{ start: '2026-11-24 10:00:00', clientTitle: 'Aurora Hotels', count: 12 }],
  noisiestRules: [{ ruleId: 9, title: 'Flapping boiler', podTitle: 'Boiler room', count: 12 }],
  folded: 1,
  verdict: 'flooded',
});

describe('AlarmHealthPage', () => {
  it('shows the verdict, the figures, the noisiest rules and the floods, and asks again for another period', async () => {
    saveSession('tok', TEST_USER);
    setTimeZone('Europe/London');
    const calls = mockFetch((url) => ({ body: { success: true, data: report(Number(url.searchParams.get('days'))) } }));
    renderRoutes([{ path: '/admin/alarm-health', element: <AlarmHealthPage /> }], '/admin/alarm-health');
    expect(await screen.findByText('Flooded')).toBeInTheDocument();
    expect(screen.getByText('98')).toBeInTheDocument(); // 14 x 7
    const noisiest = screen.getByRole('region', { name: 'Noisiest rules' });
    expect(within(noisiest).getByRole('link', { name: 'Flapping boiler' })).toHaveAttribute(
      'href',
      '/admin/rule/update/9',
    );
    const floods = screen.getByRole('region', { name: 'Floods' });
    expect(within(floods).getByText('24 Nov 2026, 10:00')).toBeInTheDocument();
    expect(within(floods).getByText('Aurora Hotels')).toBeInTheDocument();
    const asked = (days: string) =>
      calls.mock.calls.some(([u]) => new URL(String(u), 'http://x').searchParams.get('days') === days);
    expect(asked('7')).toBe(true);
    await userEvent.setup().click(screen.getByRole('radio', { name: '30 days' }));
    expect(await screen.findByText('420')).toBeInTheDocument();
    expect(asked('30')).toBe(true);
  });

  it('says so when the report cannot be loaded', async () => {
    saveSession('tok', TEST_USER);
    mockFetch(() => ({ status: 403, body: { success: false, error: 'Only administrators can do this' } }));
    renderRoutes([{ path: '/admin/alarm-health', element: <AlarmHealthPage /> }], '/admin/alarm-health');
    expect(await screen.findByText('Only administrators can do this')).toBeInTheDocument();
  });
});
