import { MESSAGES } from '@greenpod/contracts';
import { Box, Group, Skeleton, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconPointFilled } from '@tabler/icons-react';
import { useTimeZone } from '../../lib/preferences';
import { DAY_GROUPS, groupByDay, notificationTime, type PanelNotification } from './group-by-day';

interface NotificationListProps {
  items: readonly PanelNotification[];
  isLoading?: boolean;
  /** Opening one marks it read. */
  onOpen?: (item: PanelNotification) => void;
}

/** Today, Yesterday and Earlier groups in the viewer's time zone; unread ones bold with a dot. */
export function NotificationList({ items, isLoading, onOpen }: NotificationListProps) {
  const zone = useTimeZone();
  if (isLoading) {
    return (
      <Stack gap="xs" role="status" aria-label="Loading notifications">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={40} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (items.length === 0) {
    return (
      <Stack gap={2}>
        <Text>{MESSAGES.noNotifications}</Text>
        <Text size="sm" c="dimmed">
          Alerts from the pods you watch will show here.
        </Text>
      </Stack>
    );
  }
  const groups = groupByDay(items, new Date(), zone);
  return (
    <Stack gap="sm">
      {DAY_GROUPS.filter((g) => groups[g].length > 0).map((g) => (
        <Stack key={g} gap={4} component="section" aria-label={g}>
          <Text fw={700} size="sm" tt="uppercase" c="dimmed">
            {g}
          </Text>
          {groups[g].map((n) => (
            <UnstyledButton
              key={n.id}
              onClick={() => onOpen?.(n)}
              p={6}
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            >
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Box w={12} pt={4} c="primary" aria-hidden style={{ flexShrink: 0 }}>
                  {!n.read && <IconPointFilled size={12} />}
                </Box>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={n.read ? 400 : 700}>
                    {n.title}
                    {!n.read && <VisuallyHidden>, unread</VisuallyHidden>}
                  </Text>
                  {n.reading && <Text size="sm">{n.reading}</Text>}
                  <Text size="xs" c="dimmed">
                    {[n.detail, notificationTime(n.created, g, zone)].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
