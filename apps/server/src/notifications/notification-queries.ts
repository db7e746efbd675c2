import { getResource, type Scope } from '@greenpod/contracts';
import { compileSelect, scopeClause } from '../crud/select';
import type { Queryable, SqlParam } from '../db/database';
import { wireTimeSql } from '../db/wire-time-sql';

/** How many unread notifications one call returns, newest first. */
export const UNREAD_LIMIT = 100;

/**
 * A user's unread notifications, newest first: only those of pods in `scope`, through the scope
 * clause every read uses, so a role narrowed since a notification was sent no longer shows it.
 */
export async function unreadNotifications(db: Queryable, userId: number, scope: Scope) {
  const params: SqlParam[] = [userId];
  const notifications = compileSelect(getResource('notification'));
  const clause = scopeClause(notifications, scope, params);
  return db.query(
    `SELECT un.id, un.notification_id AS "notificationId", n.type, n.severity, n.value, n.threshold,
            n.pod_id AS "podId", ${wireTimeSql('un.created')} AS created
     FROM user_notification un JOIN notification n ON n.id = un.notification_id
     WHERE un.user_id = $1 AND NOT un.read
       ${clause ? `AND n.id IN (SELECT t.id FROM ${notifications.from} WHERE ${clause})` : ''}
     ORDER BY un.created DESC LIMIT ${UNREAD_LIMIT}`,
    params,
  );
}

/**
 * Marks one of the caller's own user-notifications read: someone else's row, or one whose pod left
 * the caller's scope, is not found (undefined), like every read.
 */
export async function markOwnNotificationRead(db: Queryable, id: number, userId: number, scope: Scope) {
  const params: SqlParam[] = [id, userId];
  const notifications = compileSelect(getResource('notification'));
  const clause = scopeClause(notifications, scope, params);
  const [row] = await db.query<{ id: number }>(
    `UPDATE user_notification un SET read = true, updated = now()
     WHERE un.id = $1 AND un.user_id = $2
       ${clause ? `AND un.notification_id IN (SELECT t.id FROM ${notifications.from} WHERE ${clause})` : ''}
     RETURNING un.id`,
    params,
  );
  return row;
}

/** Marks every unread user-notification of the caller read, within the caller's scope; answers how many. */
export async function markAllOwnNotificationsRead(db: Queryable, userId: number, scope: Scope) {
  const params: SqlParam[] = [userId];
  const notifications = compileSelect(getResource('notification'));
  const clause = scopeClause(notifications, scope, params);
  const rows = await db.query<{ id: number }>(
    `UPDATE user_notification un SET read = true, updated = now()
     WHERE un.user_id = $1 AND NOT un.read
       ${clause ? `AND un.notification_id IN (SELECT t.id FROM ${notifications.from} WHERE ${clause})` : ''}
     RETURNING un.id`,
    params,
  );
  return rows.length;
}
