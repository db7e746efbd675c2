import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { PanelNotification } from './group-by-day';
import { MarkAllReadButton } from './mark-all-read-button';
import { NotificationList } from './notification-list';
import type { NotificationFilter } from './notifications-api';

export interface NotificationPanelProps {
  /** The signed-in user's latest notifications. */
  items?: readonly PanelNotification[];
  isLoading?: boolean;
  onOpen?: (item: PanelNotification) => void;
  onNavigate?: () => void;
  /** All of the user's unread notifications, not only those shown. */
  unreadCount?: number;
  onMarkAllRead?: () => void;
  markingAllRead?: boolean;
}

/** The bell's panel (docs/screens.md#notifications): All / Unread, the day groups, See More. */
export function NotificationPanel({
  items = [],
  isLoading,
  onOpen,
  onNavigate,
  unreadCount = 0,
  onMarkAllRead,
  markingAllRead,
}: NotificationPanelProps) {
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const shown = filter === 'unread' ? items.filter((i) => !i.read) : items;
  return (
    <Paper
      p="md"
      w={360}
      maw="calc(100vw - 2rem)"
      component="section"
      aria-labelledby="notification-panel-title"
      bg="transparent"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" id="notification-panel-title">
            Notifications
          </Title>
          {onMarkAllRead && (
            <MarkAllReadButton unreadCount={unreadCount} onClick={onMarkAllRead} loading={markingAllRead} />
          )}
        </Group>
        <Group gap="xs">
          {(['all', 'unread'] as const).map((f) => (
            <Button
              key={f}
              size="xs"
              variant={filter === f ? 'filled' : 'default'}
              aria-pressed={filter === f}
              onClick={() => setFilter(f)}
            >
              {f === 'all' ? 'All' : 'Unread'}
            </Button>
          ))}
        </Group>
        <Stack mah={360} style={{ overflowY: 'auto' }}>
          <NotificationList items={shown} isLoading={isLoading} onOpen={onOpen} />
        </Stack>
        <Button component={Link} to="/notificationspage" variant="light" onClick={onNavigate}>
          See More
        </Button>
      </Stack>
    </Paper>
  );
}
