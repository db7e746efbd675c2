import { apiRequest } from '../../lib/api-client';

export interface PasswordChange {
  currentPassword: string;
  password: string;
  confirmPassword?: string | undefined;
}

/** The server answers a fresh token: changing the password ends every session issued before it. */
export const changePassword = (body: PasswordChange) =>
  apiRequest<{ success: true; token: string }>('/user/me/password', { method: 'PUT', body });
