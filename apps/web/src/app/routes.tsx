import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { adminRoutes } from '../features/admin/admin-routes';
import { LoginPage } from '../features/auth/login-page';
import { RegisterPage } from '../features/auth/register-page';
import { RequestResetPage } from '../features/auth/request-reset-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { VerificationPage } from '../features/auth/verification-page';
import { AppLayout } from './layouts/app-layout';
import { AuthLayout } from './layouts/auth-layout';
import { viewerRoutes } from './viewer-routes';

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
