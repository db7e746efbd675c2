import { ActionIcon, Indicator, Popover } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../lib/use-session';
import { NotificationPanel } from './notification-panel';
import { useMarkAllRead, useMarkRead, useMyNotifications, useNotificationsLive } from './notifications-api';

const PANEL_SIZE = 20;

/** The bell's badge: the unread count, "9+" past nine (a wider number would cover the bell), none at zero. */
export const unreadBadge = (count: number): string | null => (count <= 0 ? null : count > 9 ? '9+' : String(count));

/** docs/screens.md#notifications: below 992 px the bell is a link; wider it toggles the panel. */
export function NotificationBell() {
  const wide = useMediaQuery('(min-width: 992px)');
  const [opened, setOpened] = useState(false);
  const userId = useSession().session?.user.id;
  const unread = useMyNotifications(userId, 'unread', 1);
  const latest = useMyNotifications(opened ? userId : undefined, 'all', PANEL_SIZE);
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  useNotificationsLive(userId);
  const count = unread.data?.total ?? 0;
  const shown = unreadBadge(count);
  // The name says what the badge shows ("9+" too), so it holds the visible text (axe label-content-name-mismatch).
  const label = shown ? `Notifications, ${shown} unread` : 'Notifications';

  const bell = (
    <Indicator disabled={!shown} label={shown} size={16} offset={4} color="red" withBorder>
      <IconBell />
    </Indicator>
  );
  if (!wide) {
    return (
      <ActionIcon component={Link} to="/notificationspage" variant="subtle" size="lg" aria-label={label}>
        {bell}
      </ActionIcon>
    );
  }
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={label}
          aria-expanded={opened}
          onClick={() => setOpened((o) => !o)}
        >
          {bell}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <NotificationPanel
          items={latest.data?.items}
          isLoading={latest.isLoading}
          onOpen={(n) => !n.read && markRead.mutate(n.id)}
          unreadCount={count}
          onMarkAllRead={() => markAllRead.mutate()}
          markingAllRead={markAllRead.isPending}
          onNavigate={() => setOpened(false)}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
