import type { ActiveRole, ActiveUser } from '@greenpod/contracts';
import { apiRequest } from '../../lib/api-client';

export interface LoginAnswer {
  token: string;
  user: ActiveUser;
  role: ActiveRole;
}

export const login = (body: { email: string; password: string }) =>
  apiRequest<LoginAnswer>('/user/login', { method: 'POST', body, ignoreUnauthorized: true });

export const register = (body: Record<string, unknown>) =>
  apiRequest<{ success: true }>('/user/register', { method: 'POST', body });

export const requestPasswordReset = (body: { email: string }) =>
  apiRequest<{ success: true; message?: string }>('/user/resetPassword', { method: 'POST', body });

export const resetPassword = (token: string, body: { password: string; confirmPassword?: string | undefined }) =>
  apiRequest<{ success: true }>(`/user/resetPassword/${encodeURIComponent(token)}`, { method: 'PUT', body });
