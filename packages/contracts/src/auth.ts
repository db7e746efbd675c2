import { z } from 'zod';
import { MESSAGES } from './messages';
import { plainText } from './plain-text';

const required = MESSAGES.required;
const email = z.preprocess(
  (v) => (v === null ? undefined : v),
  plainText(z.string({ error: required }).trim().min(1, required))
    .toLowerCase()
    .pipe(z.email(MESSAGES.invalidEmail)),
);
const secret = () => plainText(z.string({ error: required }).min(1, required), 'secret');
const password = secret();
const newPassword = secret().min(8, MESSAGES.passwordTooShort).max(200, MESSAGES.tooLong(200));
const name = plainText(z.string({ error: required }).trim().min(1, required).max(100, MESSAGES.tooLong(100)));

export const loginSchema = z.object({ email, password });

export const registerSchema = z
  .object({
    firstName: name,
    lastName: name,
    email,
    password: newPassword,
    confirmPassword: secret(),
    terms: z.boolean().optional(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: MESSAGES.passwordsDiffer });

export const requestResetSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({ password: newPassword, confirmPassword: secret().optional() })
  .refine((v) => v.confirmPassword === undefined || v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: MESSAGES.passwordsDiffer,
  });

/** Profile's password change: the current password proves it is the account's owner at the keyboard. */
export const changePasswordSchema = z
  .object({ currentPassword: password, password: newPassword, confirmPassword: secret().optional() })
  .refine((v) => v.confirmPassword === undefined || v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: MESSAGES.passwordsDiffer,
  });

export const RESET_ANSWER = 'If that e-mail belongs to an account, a reset link is on its way.';
export const PENDING_VERIFICATION =
  'Your registration is complete. An administrator must verify your account before you can sign in.';

/** The signed-in user as the browser keeps it (`greenpod_activeUser`). */
export interface ActiveUser {
  id: number;
  roleId: number;
  assetId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  active: boolean;
  verified: boolean;
}
export interface ActiveRole {
  id: number;
  title: string;
  description: string;
  accessLevel: number;
}

/**
 * A role whose Level Of Access is at or above this is an administrator; the seeded viewer role sits below
 * it (docs/domain.md#scope).
 */
export const ADMIN_ACCESS_LEVEL = 50;
export const VIEWER_ACCESS_LEVEL = 10;
