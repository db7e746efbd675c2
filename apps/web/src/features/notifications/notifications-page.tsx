import { Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSession } from '../../lib/use-session';
import { MarkAllReadButton } from './mark-all-read-button';
import { NotificationList } from './notification-list';
import { type NotificationFilter, useMarkAllRead, useMarkRead, useMyNotifications } from './notifications-api';

const PAGE_SIZE = 100;

/** /notificationspage: the signed-in user's notifications, All / Unread, by day. */
export function NotificationsPage() {
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const { session, token } = useSession();
  const query = useMyNotifications(session?.user.id, filter, PAGE_SIZE);
  const unread = useMyNotifications(session?.user.id, 'unread', 1);
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const total = query.data?.total ?? 0;
  return (
    <Stack gap="md" maw={760}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Notifications
        </Title>
        {token && (
          <MarkAllReadButton
            unreadCount={unread.data?.total ?? 0}
            onClick={() => markAllRead.mutate()}
            loading={markAllRead.isPending}
          />
        )}
      </Group>
      {/* keepMounted: each tab's aria-controls names a panel that exists, even while hidden. */}
      <Tabs value={filter} onChange={(v) => setFilter(v === 'unread' ? 'unread' : 'all')} keepMounted>
        <Tabs.List>
          <Tabs.Tab value="all">All</Tabs.Tab>
          <Tabs.Tab value="unread">Unread</Tabs.Tab>
        </Tabs.List>
        {(['all', 'unread'] as const).map((value) => (
          <Tabs.Panel key={value} value={value} pt="md">
            {value === filter && (
              <Paper withBorder p="md" radius="md">
                {!token ? (
                  <Text c="dimmed">Sign in to see your notifications.</Text>
                ) : (
                  <NotificationList
                    items={query.data?.items ?? []}
                    isLoading={query.isLoading || !session}
                    onOpen={(n) => !n.read && markRead.mutate(n.id)}
                  />
                )}
              </Paper>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
      {total > PAGE_SIZE && (
        <Text size="sm" c="dimmed">
          The {PAGE_SIZE} newest of {total.toLocaleString()} are shown.
        </Text>
      )}
    </Stack>
  );
}
