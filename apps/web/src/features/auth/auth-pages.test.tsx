import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes } from '../../test/render';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';
import { RequestResetPage } from './request-reset-page';
import { VerificationPage } from './verification-page';

const routes = [
  { path: '/', element: <p>Dashboard page</p> },
  { path: '/user/login', element: <LoginPage /> },
  { path: '/user/register', element: <RegisterPage /> },
  { path: '/user/requestResetPassword', element: <RequestResetPage /> },
  { path: '/verification', element: <VerificationPage /> },
];

describe('sign-in', () => {
  it('shows the server error', async () => {
    mockFetch(() => ({ status: 401, body: { success: false, error: 'Invalid e-mail or password' } }));
    renderRoutes(routes, '/user/login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid e-mail or password');
  });

  it('stores the session and goes to the dashboard', async () => {
    const user = {
      id: 1,
      roleId: 2,
      assetId: null,
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      active: true,
      verified: true,
    };
    const calls = mockFetch(() => ({
      body: { success: true, token: 'jwt', user, role: { id: 2, title: 'Admin', description: '', accessLevel: 50 } },
    }));
    renderRoutes(routes, '/user/login');
    const ev = userEvent.setup();
    await ev.type(screen.getByLabelText('Username'), 'Ann@Example.com');
    await ev.type(screen.getByLabelText('Password'), 'secret{Enter}');
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(localStorage.getItem('greenpod_token')).toBe('jwt');
    expect(JSON.parse(localStorage.getItem('greenpod_activeUser') ?? '{}')).toEqual(user);
    const [, init] = calls.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ann@example.com', password: 'secret' });
  });

  it('toggles the password visibility', async () => {
    renderRoutes(routes, '/user/login');
    const user = userEvent.setup();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
  });
});

describe('registration', () => {
  it('validates, then goes to the pending-verification page', async () => {
    const calls = mockFetch(() => ({ status: 201, body: { success: true } }));
    renderRoutes(routes, '/user/register');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('** This field is required, please fill it in **')).not.toHaveLength(0);
    expect(calls).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('First Name'), 'Ann');
    await user.type(screen.getByLabelText('Last Name'), 'Lee');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'different-1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'long-enough-1');
    await user.click(screen.getByLabelText('I accept the terms and conditions'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/administrator must verify your account/)).toBeInTheDocument();
    expect(calls).toHaveBeenCalledTimes(1);
  });
});

describe('request password reset', () => {
  it('shows "Almost there!" and continues to sign-in', async () => {
    mockFetch(() => ({ body: { success: true, message: 'sent' } }));
    renderRoutes(routes, '/user/requestResetPassword');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Almost there!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to login' }));
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
  });
});
