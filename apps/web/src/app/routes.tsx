import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { adminRoutes } from '../features/admin/admin-routes';
import { LoginPage } from '../features/auth/login-page';
import { AuthLayout } from './layouts/auth-layout';
import { preloadable } from './preloadable';
import { DashboardPage, viewerRoutes } from './viewer-routes';

// The signed-in layout (header, bell, sidebars) loads with its routes, so the sign-in page's first load
// carries none of it (bench/web measures that load).
const AppLayout = preloadable(() => import('./layouts/app-layout').then((m) => m.AppLayout));

/** The code of a dashboard path's first render (app/preload-route.ts started loading it). */
export const preloadDashboard = () => Promise.all([AppLayout.preload(), DashboardPage.preload()]);

// Only sign-in is on the first load's path; the other account pages come when opened.
const RegisterPage = lazy(() => import('../features/auth/register-page').then((m) => ({ default: m.RegisterPage })));
const VerificationPage = lazy(() =>
  import('../features/auth/verification-page').then((m) => ({ default: m.VerificationPage })),
);
const RequestResetPage = lazy(() =>
  import('../features/auth/request-reset-page').then((m) => ({ default: m.RequestResetPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);

export const routes: RouteObject[] = [
  {
    element: <AuthLayout />,
    children: [
      { path: 'user/login', element: <LoginPage /> },
      { path: 'user/register', element: <RegisterPage /> },
      { path: 'verification', element: <VerificationPage /> },
      { path: 'user/requestResetPassword', element: <RequestResetPage /> },
      { path: 'user/resetPassword/:id', element: <ResetPasswordPage /> },
    ],
  },
  {
    path: '/',
    element: (
      <Suspense fallback={null}>
        <AppLayout />
      </Suspense>
    ),
    children: [...viewerRoutes, adminRoutes, { path: '*', element: <NotFoundPage /> }],
  },
];
