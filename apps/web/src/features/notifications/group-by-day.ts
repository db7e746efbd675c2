import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface PanelNotification {
  id: number;
  title: string;
  /** UTC wire time 'yyyy-MM-dd HH:mm:ss'. */
  created: string;
  read: boolean;
  /** Pod, sensor and severity, where the notification names them. */
  detail?: string;
  /** What happened, for a rule's step: "Humidity 58 %, limit 60 %". */
  reading?: string;
}

export type DayGroup = 'Today' | 'Yesterday' | 'Earlier';
export const DAY_GROUPS: readonly DayGroup[] = ['Today', 'Yesterday', 'Earlier'];

/** Today / Yesterday / Earlier in the viewer's time zone (docs/domain.md#notifications). */
export function groupByDay(items: readonly PanelNotification[], now: Date = new Date(), zone?: string) {
  const inZone = (d: dayjs.Dayjs) => (zone ? d.tz(zone) : d.local());
  const today = inZone(dayjs(now)).startOf('day');
  const yesterday = today.subtract(1, 'day');
  const groups: Record<DayGroup, PanelNotification[]> = { Today: [], Yesterday: [], Earlier: [] };
  for (const item of items) {
    const at = inZone(dayjs.utc(item.created));
    const group: DayGroup = !at.isBefore(today) ? 'Today' : !at.isBefore(yesterday) ? 'Yesterday' : 'Earlier';
    groups[group].push(item);
  }
  return groups;
}

/** The time of a notification in the viewer's zone: only the clock today and yesterday, the date before. */
export function notificationTime(created: string, group: DayGroup, zone: string): string {
  const at = dayjs.utc(created);
  if (!at.isValid()) return created;
  return at.tz(zone).format(group === 'Earlier' ? 'D MMM YYYY, HH:mm' : 'HH:mm');
}
