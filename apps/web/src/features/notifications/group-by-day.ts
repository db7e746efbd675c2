import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

export interface PanelNotification {
  id: number;
  title: string;
  /** UTC wire time 'yyyy-MM-dd HH:mm:ss'. */
  created: string;
  read: boolean;
}

export type DayGroup = 'Today' | 'Yesterday' | 'Earlier';
export const DAY_GROUPS: readonly DayGroup[] = ['Today', 'Yesterday', 'Earlier'];

/** Today / Yesterday / Earlier in the viewer's time zone (docs/domain.md#notifications). */
export function groupByDay(items: readonly PanelNotification[], now: Date = new Date()) {
  const today = dayjs(now).startOf('day');
  const yesterday = today.subtract(1, 'day');
  const groups: Record<DayGroup, PanelNotification[]> = { Today: [], Yesterday: [], Earlier: [] };
  for (const item of items) {
    const local = dayjs.utc(item.created).local();
    const group: DayGroup = !local.isBefore(today) ? 'Today' : !local.isBefore(yesterday) ? 'Yesterday' : 'Earlier';
    groups[group].push(item);
  }
  return groups;
}
