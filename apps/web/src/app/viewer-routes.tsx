import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '../components/placeholder-page';
import { preloadable } from './preloadable';

// Every page loads with its route (the layout's Suspense shows a loader meanwhile), so the sign-in
// page's first load carries none of them (bench/web measures it).
export const DashboardPage = preloadable(() =>
  import('../features/dashboard/dashboard-page').then((m) => m.DashboardPage),
);
const AlertsPage = lazy(() => import('../features/alerts/alerts-page').then((m) => ({ default: m.AlertsPage })));
const NotificationsPage = lazy(() =>
  import('../features/notifications/notifications-page').then((m) => ({ default: m.NotificationsPage })),
);
const TipsPage = lazy(() => import('../features/tips/tips-page').then((m) => ({ default: m.TipsPage })));
const SavingsPage = lazy(() => import('../features/savings/savings-page').then((m) => ({ default: m.SavingsPage })));
const ReportsPage = lazy(() => import('../features/reports/reports-page').then((m) => ({ default: m.ReportsPage })));
const ArticleTipPage = lazy(() =>
  import('../features/tips/article-tip-page').then((m) => ({ default: m.ArticleTipPage })),
);
const ProfilePage = lazy(() => import('../features/profile/profile-page').then((m) => ({ default: m.ProfilePage })));
const SettingsPage = lazy(() =>
  import('../features/settings/settings-page').then((m) => ({ default: m.SettingsPage })),
);
const LocationsPage = lazy(() =>
  import('../features/locations/locations-page').then((m) => ({ default: m.LocationsPage })),
);
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
  { path: 'tips', element: <TipsPage /> },
  { path: 'articletip', element: <ArticleTipPage /> },
  { path: 'alerts', element: <AlertsPage /> },
  { path: 'savings', element: <SavingsPage /> },
  { path: 'settings', element: <SettingsPage /> },
  { path: 'reports', element: <ReportsPage /> },
  { path: 'profile', element: <ProfilePage /> },
  { path: 'notificationspage', element: <NotificationsPage /> },
  { path: 'locations', element: <LocationsPage /> },
  page('datatable', 'DATA TABLE'),
  { path: 'storyboard', element: <StoryboardPage /> },
];
