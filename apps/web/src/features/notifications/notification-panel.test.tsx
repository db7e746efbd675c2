import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { groupByDay, type PanelNotification } from './group-by-day';
import { NotificationPanel } from './notification-panel';

dayjs.extend(utc);
const NOW = new Date(2025, 5, 15, 12, 0, 0);
const at = (d: Date) => dayjs(d).utc().format('YYYY-MM-DD HH:mm:ss');
const items: PanelNotification[] = [
  { id: 1, title: 'Boiler hot', created: at(new Date(2025, 5, 15, 0, 5)), read: false },
  { id: 2, title: 'Water leak', created: at(new Date(2025, 5, 14, 23, 59)), read: true },
  { id: 3, title: 'Old one', created: at(new Date(2025, 5, 13, 23, 59)), read: false },
];

describe('groupByDay', () => {
  it('splits by local day into Today, Yesterday and Earlier', () => {
    const groups = groupByDay(items, NOW);
    expect(groups.Today.map((i) => i.id)).toEqual([1]);
    expect(groups.Yesterday.map((i) => i.id)).toEqual([2]);
    expect(groups.Earlier.map((i) => i.id)).toEqual([3]);
  });
});

describe('NotificationPanel', () => {
  it('reads "No new notifications." when empty and links to the page', () => {
    renderRoutes([{ path: '/', element: <NotificationPanel /> }], '/');
    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByText('No new notifications.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See More' })).toHaveAttribute('href', '/notificationspage');
  });

  it('filters to unread ones', async () => {
    renderRoutes([{ path: '/', element: <NotificationPanel items={items} /> }], '/');
    expect(screen.getByText('Water leak')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unread' }));
    expect(screen.queryByText('Water leak')).not.toBeInTheDocument();
    expect(screen.getByText('Boiler hot')).toBeInTheDocument();
  });
});
