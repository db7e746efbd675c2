import type { Granularity, ResourceName } from '@greenpod/contracts';

/**
 * Sidebar entries. The admin groups keep the product's labels and order; Configuration Role, which
 * that list leaves out, sits after Configuration so every registry resource is reachable
 * (nav-items.test.ts names any that is not).
 */
export interface NavItem {
  label: string;
  to: string;
}
export interface NavSection {
  title: string;
  items: NavItem[];
}

/** An admin screen: a registry resource, an aggregate list, the alarm-health report, or a screen later issues build. */
export type AdminScreen = ResourceName | `${Granularity}-data` | 'asset' | 'savings' | 'alarm-health';

const admin = (label: string, name?: AdminScreen): NavItem => ({ label, to: name ? `/admin/${name}` : '/admin' });

export const USER_NAV: NavItem[] = [
  { label: 'Dashboard', to: '/' },
  { label: 'Alerts', to: '/alerts' },
  { label: 'Savings', to: '/savings' },
  { label: 'Tips', to: '/tips' },
  { label: 'Reports', to: '/reports' },
  { label: 'Settings', to: '/settings' },
];

export const ADMIN_NAV: NavSection[] = [
  {
    title: 'Admin',
    items: [
      admin('Admin Dashboard'),
      admin('Group', 'group'),
      admin('Client', 'client'),
      admin('Tariff', 'tariff'),
      admin('User', 'user'),
      admin('User Notification', 'user-notification'),
      admin('Configuration', 'configuration'),
      admin('Configuration Role', 'configuration-role'),
      admin('Asset', 'asset'),
      admin('Pod Sensor', 'pod-sensor'),
    ],
  },
  {
    title: 'Role',
    items: [
      admin('Role', 'role'),
      admin('Role Group', 'role-group'),
      admin('Role Client', 'role-client'),
      admin('Role Location', 'role-location'),
      admin('Role Area', 'role-area'),
      admin('Role Pod', 'role-pod'),
    ],
  },
  {
    title: 'Controls',
    items: [
      admin('Location', 'location'),
      admin('Area', 'area'),
      admin('Pod', 'pod'),
      admin('Sensor', 'sensor'),
      admin('Notification', 'notification'),
      admin('Measurement', 'measurement'),
      admin('Daily Data', 'daily-data'),
      admin('Weekly Data', 'weekly-data'),
      admin('Monthly Data', 'monthly-data'),
      admin('Rule', 'rule'),
      admin('Alert', 'alert'),
      admin('Alarm Health', 'alarm-health'),
      admin('Savings', 'savings'),
      admin('Tip', 'tip'),
    ],
  },
];

/** An entry is active on its own path and, except the roots, on the pages below it. */
export function isActive(to: string, pathname: string): boolean {
  if (to === '/' || to === '/admin') return pathname === to;
  return pathname === to || pathname.startsWith(`${to}/`);
}
