import { createHash, randomBytes } from 'node:crypto';

export const newResetToken = () => randomBytes(32).toString('base64url');
/** Only the hash is stored, so a database leak cannot reset anyone's password. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const RESET_TTL_MINUTES = 60;
