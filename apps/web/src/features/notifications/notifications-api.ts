import { ALERT_UNITS, alertValue, SENSOR_LABELS, SENSOR_TYPES, type SensorType } from '@greenpod/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiRequest } from '../../lib/api-client';
import { useLiveNotifications } from '../../lib/live-readings';
import { formatValue } from '../../lib/sensor-values';
import type { PanelNotification } from './group-by-day';

/** A user-notification row as the list answers it, with its notification's joins. */
export interface UserNotificationRow {
  id: number;
  read: boolean;
  created: string;
  notificationTitle: string | null;
  severity: string | null;
  notificationValue?: number | null;
  podTitle: string | null;
  sensorTitle: string | null;
  /** The rule's limit when it was raised; null on older notifications and on those of no rule. */
  notificationLimit?: number | null;
  sensorType?: string | null;
  podVoltage?: number | null;
}

export type NotificationFilter = 'all' | 'unread';
const KEY = ['my-notifications'] as const;
const TYPE_LABELS: Record<string, string> = {
  ALERT: 'Alert',
  WARNING: 'Warning',
  RESOLVED: 'Resolved',
  OFFLINE: 'Offline',
  ONLINE: 'Back online',
  INFO: 'Information',
};
const SEVERITY_LABELS: Record<string, string> = { HIGH: 'high', MEDIUM: 'medium', LOW: 'low' };

const isSensorType = (type: unknown): type is SensorType => SENSOR_TYPES.includes(type as SensorType);

/**
 * What a rule's step says happened (docs/domain.md#notifications): the reading and the limit in the
 * alerts' units, "Humidity 58 %, limit 60 %"; the reading alone when no limit was stored.
 */
export function readingSentence(row: UserNotificationRow): string | undefined {
  const type = row.sensorType;
  if (!isSensorType(type) || typeof row.notificationValue !== 'number') return undefined;
  const voltage = row.podVoltage ?? 230;
  const say = (reading: number) => `${formatValue(type, alertValue(type, reading, voltage), 3)} ${ALERT_UNITS[type]}`;
  const value = `${SENSOR_LABELS[type]} ${say(row.notificationValue)}`;
  return typeof row.notificationLimit === 'number' ? `${value}, limit ${say(row.notificationLimit)}` : value;
}

export function toPanelNotification(row: UserNotificationRow): PanelNotification {
  const where =
    row.sensorTitle && row.podTitle ? `${row.sensorTitle} on ${row.podTitle}` : (row.podTitle ?? row.sensorTitle);
  const severity = row.severity ? `${SEVERITY_LABELS[row.severity] ?? row.severity} severity` : null;
  const base = { id: row.id, read: row.read, created: row.created };
  if (row.notificationTitle === 'SUMMARY') {
    // The flood guard's count of what it held back this hour (docs/domain.md#notifications).
    const n = row.notificationValue ?? 0;
    return {
      ...base,
      title: `${n} more ${n === 1 ? 'notification' : 'notifications'} this hour`,
      detail: ['Too many at once: see the alerts page', severity].filter(Boolean).join(' · '),
    };
  }
  const type = TYPE_LABELS[row.notificationTitle ?? ''] ?? 'Notification';
  return {
    ...base,
    title: where ? `${type}: ${where}` : type,
    detail: severity ?? undefined,
    reading: readingSentence(row),
  };
}

/**
 * The signed-in user's own notifications, newest first. Filtered on the user id too: an administrator's
 * list would otherwise hold everyone's.
 */
export function useMyNotifications(userId: number | undefined, filter: NotificationFilter, paging: number) {
  return useQuery({
    queryKey: [...KEY, userId, filter, paging],
    enabled: userId !== undefined,
    queryFn: async ({ signal }) => {
      const fetchParams: Record<string, number | boolean> = { userId: userId ?? 0 };
      if (filter === 'unread') fetchParams.read = false;
      const result = await apiList<UserNotificationRow>('user-notification', { fetchParams, paging }, signal);
      const rows = Array.isArray(result.data) ? result.data : [];
      return { items: rows.map(toPanelNotification), total: result.paging?.total ?? rows.length };
    },
    staleTime: 30_000,
  });
}

/** Refetches the signed-in user's notifications as soon as the server delivers a new one. */
export function useNotificationsLive(userId: number | undefined) {
  const queryClient = useQueryClient();
  useLiveNotifications(userId !== undefined, () => void queryClient.invalidateQueries({ queryKey: KEY }));
}

/** Marks every unread notification of the signed-in user read (POST /api/user-notification/read-all). */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/user-notification/read-all', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** Opening a notification marks it read (POST /api/user-notification/:id/read: the viewer's own only). */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/user-notification/${id}/read`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
