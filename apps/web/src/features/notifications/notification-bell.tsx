import { ActionIcon, Popover } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { NotificationPanel } from './notification-panel';

/** docs/screens.md#notifications: below 992 px the bell is a link; wider it toggles the panel. */
export function NotificationBell() {
  const wide = useMediaQuery('(min-width: 992px)');
  const [opened, setOpened] = useState(false);
  if (!wide) {
    return (
      <ActionIcon component={Link} to="/notificationspage" variant="subtle" size="lg" aria-label="Notifications">
        <IconBell />
      </ActionIcon>
    );
  }
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end">
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label="Notifications"
          aria-expanded={opened}
          onClick={() => setOpened((o) => !o)}
        >
          <IconBell />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <NotificationPanel onNavigate={() => setOpened(false)} />
      </Popover.Dropdown>
    </Popover>
  );
}
