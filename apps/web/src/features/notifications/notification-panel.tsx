import { MESSAGES } from '@greenpod/contracts';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatLocalDateTime } from '../../lib/format';
import { DAY_GROUPS, groupByDay, type PanelNotification } from './group-by-day';

export interface NotificationPanelProps {
  /** The signed-in user's notifications; no source feeds it yet (a later issue), so it is empty. */
  items?: readonly PanelNotification[];
  onNavigate?: () => void;
}

export function NotificationPanel({ items = [], onNavigate }: NotificationPanelProps) {
  const [filter, setFilter] = useState<'all' | 'unread'>('all');
  const shown = filter === 'unread' ? items.filter((i) => !i.read) : items;
  const groups = groupByDay(shown);
  return (
    <Paper withBorder shadow="md" p="md" w={340} role="dialog" aria-label="Notifications">
      <Stack gap="sm">
        <Title order={4}>Notifications</Title>
        <Group gap="xs">
          <Button size="xs" variant={filter === 'all' ? 'filled' : 'default'} onClick={() => setFilter('all')}>
            All
          </Button>
          <Button size="xs" variant={filter === 'unread' ? 'filled' : 'default'} onClick={() => setFilter('unread')}>
            Unread
          </Button>
        </Group>
        {shown.length === 0 ? (
          <Text c="dimmed">{MESSAGES.noNotifications}</Text>
        ) : (
          DAY_GROUPS.filter((g) => groups[g].length > 0).map((g) => (
            <Stack key={g} gap={4}>
              <Text fw={600} size="sm">
                {g}
              </Text>
              {groups[g].map((n) => (
                <Text key={n.id} size="sm" fw={n.read ? 400 : 600}>
                  {n.title}{' '}
                  <Text span c="dimmed" size="xs">
                    {formatLocalDateTime(n.created)}
                  </Text>
                </Text>
              ))}
            </Stack>
          ))
        )}
        <Button component={Link} to="/notificationspage" variant="light" onClick={onNavigate}>
          See More
        </Button>
      </Stack>
    </Paper>
  );
}
