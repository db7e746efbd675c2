import { ADMIN_ACCESS_LEVEL, HIERARCHY_LEVELS } from '@greenpod/contracts';
import type { Queryable } from '../db/database';

/** Committed user-notifications are announced here; each live stream refreshes its user's bell. */
export const USER_NOTIFICATION_CHANNEL = 'greenpod_user_notifications';

// A role sees a pod through a binding to the pod or to any node above it (docs/domain.md#scope).
const COVERS_POD = HIERARCHY_LEVELS.map(
  (l) =>
    `EXISTS (SELECT 1 FROM role_${l} b WHERE b.role_id = r.id AND b.${l}_id = p.${l === 'pod' ? 'id' : `${l}_id`})`,
).join(' OR ');

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
     WHERE u.active AND u.verified AND (r.access_level >= ${ADMIN_ACCESS_LEVEL} OR ${COVERS_POD})
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
