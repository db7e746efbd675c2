import type { RouteObject } from 'react-router';
import { adminRoutes } from '../features/admin/admin-routes';
import { LoginPage } from '../features/auth/login-page';
import { RegisterPage } from '../features/auth/register-page';
import { RequestResetPage } from '../features/auth/request-reset-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { VerificationPage } from '../features/auth/verification-page';
import { NotFoundPage } from '../features/pages/not-found-page';
import { viewerRoutes } from '../features/pages/viewer-routes';
import { AppLayout } from './layouts/app-layout';
import { AuthLayout } from './layouts/auth-layout';

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
    element: <AppLayout />,
    children: [...viewerRoutes, adminRoutes, { path: '*', element: <NotFoundPage /> }],
  },
];
