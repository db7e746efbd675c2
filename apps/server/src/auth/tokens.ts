import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';

export const newResetToken = () => randomBytes(32).toString('base64url');
/** Only the hash is stored, so a database leak cannot reset anyone's password. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const RESET_TTL_MINUTES = 60;

/**
 * A short digest of the stored password hash, carried in every session token. Setting a password,
 * by any path (reset link, user form, seed, plain SQL), stores a hash with a fresh random salt, so
 * the digest changes and every token issued before stops matching: no clock comparison, so a
 * sign-in in the same second as the change is not refused (ADR 0018). The salt makes the digest
 * useless for guessing the password.
 */
export const passwordStamp = (passwordHash: string) =>
  createHash('sha256').update(passwordHash).digest('base64url').slice(0, 22);

/** The claims of a session token; anything else (a string or fractional subject, no stamp) is not a session. */
export const sessionClaims = z.object({
  sub: z.number().int().positive().max(2_147_483_647),
  pwd: z.string().min(1).max(64),
});
export type SessionClaims = z.infer<typeof sessionClaims>;
export const sessionClaimsOf = (userId: number, passwordHash: string): SessionClaims => ({
  sub: userId,
  pwd: passwordStamp(passwordHash),
});
