import type { Database } from '../db/database';

/** Stores a reset token's hash (never the token) for a user, valid for `minutes`. */
export async function storeResetToken(db: Database, userId: number, tokenHash: string, minutes: number) {
  await db.query(
    'INSERT INTO password_reset (token_hash, user_id, expires) VALUES ($1, $2, now() + make_interval(mins => $3))',
    [tokenHash, userId, minutes],
  );
}

/**
 * Spends an unused, unexpired reset token on a new password, and every other open token of that
 * user with it, in one transaction. The password is hashed only once the token has proved valid.
 * Returns false when the token is unknown, used or expired.
 */
export async function resetPasswordWithToken(
  db: Database,
  tokenHash: string,
  passwordHash: () => Promise<string>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ user_id: number }>(
      'UPDATE password_reset SET used = now() WHERE token_hash = $1 AND used IS NULL AND expires > now() RETURNING user_id',
      [tokenHash],
    );
    if (!row) return false;
    await tx.query('UPDATE app_user SET password = $1, updated = now() WHERE id = $2', [
      await passwordHash(),
      row.user_id,
    ]);
    await tx.query('UPDATE password_reset SET used = now() WHERE user_id = $1 AND used IS NULL', [row.user_id]);
    return true;
  });
}
