import { getResource } from '@greenpod/contracts';
import { levelIdsOf, roleCovers } from '../auth/scope';
import type { Queryable } from '../db/database';

/** Committed user-notifications are announced here; each live stream refreshes its user's bell. */
export const USER_NOTIFICATION_CHANNEL = 'greenpod_user_notifications';

// The roles that see the pod: the scope rule's inverse, from the same definition as the lists' clause.
const SEES_POD = roleCovers(levelIdsOf(getResource('pod'), 'p'), 'r');

export type Recipient = {
  userId: number;
  email: string;
  firstName: string;
};

/** Every verified, active user whose scope covers the pod (an administrator's covers every pod). */
export async function scopeRecipients(tx: Queryable, podId: number): Promise<Recipient[]> {
  return tx.query<Recipient>(
    `SELECT u.id AS "userId", u.email, u.first_name AS "firstName" FROM app_user u
     JOIN role r ON r.id = u.role_id
     JOIN pod p ON p.id = $1
     WHERE u.active AND u.verified AND ${SEES_POD}
     ORDER BY u.id`,
    [podId],
  );
}

/** One unread user-notification of the notification for each of these users, in the caller's transaction. */
export async function deliverTo(tx: Queryable, notificationId: number, recipients: readonly Recipient[]) {
  if (recipients.length === 0) return;
  await tx.query('INSERT INTO user_notification (notification_id, user_id) SELECT $1, unnest($2::int[])', [
    notificationId,
    recipients.map((r) => r.userId),
  ]);
}

/**
 * Tells every instance's live streams, when the transaction commits, which users have something new
 * (NOTIFY is transactional: nothing is announced for work that rolls back). Chunked under the 8000-byte
 * payload limit.
 */
export async function announce(tx: Queryable, userIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(userIds)];
  for (let i = 0; i < ids.length; i += 800) {
    await tx.query('SELECT pg_notify($1, $2)', [USER_NOTIFICATION_CHANNEL, JSON.stringify(ids.slice(i, i + 800))]);
  }
}
