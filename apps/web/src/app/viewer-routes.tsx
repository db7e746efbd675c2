import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '../components/placeholder-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { NotificationsPage } from '../features/notifications/notifications-page';
import { ArticleTipPage } from '../features/pages/article-tip-page';
import { ProfilePage } from '../features/profile/profile-page';
import { SettingsPage } from '../features/settings/settings-page';

const StoryboardPage = lazy(() =>
  import('../features/storyboard/storyboard-page').then((m) => ({ default: m.StoryboardPage })),
);

const page = (path: string, title: string): RouteObject => ({ path, element: <PlaceholderPage title={title} /> });

/** docs/screens.md#routes, all exact. Pages that later issues fill say so instead of showing made-up data. */
export const viewerRoutes: RouteObject[] = [
  { index: true, element: <DashboardPage /> },
  { path: 'location/:location', element: <DashboardPage /> },
  { path: 'area/:area', element: <DashboardPage /> },
  { path: 'location/:location/area/:area', element: <DashboardPage /> },
  { path: ':groupShortcode/:clientShortcode', element: <DashboardPage /> },
  { path: 'liveperformance', element: <DashboardPage title="Live Performance" /> },
  { path: ':groupShortcode/:clientShortcode/liveperformance', element: <DashboardPage title="Live Performance" /> },
  page('tips', 'Tips'),
  { path: 'articletip', element: <ArticleTipPage /> },
  page('alerts', 'Alerts'),
  page('savings', 'Savings'),
  { path: 'settings', element: <SettingsPage /> },
  page('reports', 'Reports'),
  { path: 'profile', element: <ProfilePage /> },
  { path: 'notificationspage', element: <NotificationsPage /> },
  page('locations', 'LOCATION'),
  page('datatable', 'DATA TABLE'),
  { path: 'storyboard', element: <StoryboardPage /> },
];
