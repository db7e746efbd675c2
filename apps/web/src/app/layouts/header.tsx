import { ActionIcon, Burger, Group, Text } from '@mantine/core';
import { IconSettings, IconUserCircle } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { NotificationBell } from '../../features/notifications/notification-bell';

interface HeaderProps {
  token: string | null;
  isAdmin: boolean;
  navOpened: boolean;
  onToggleNav?: () => void;
}

export function Header({ token, isAdmin, navOpened, onToggleNav }: HeaderProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const inAdmin = pathname === '/admin' || pathname.startsWith('/admin/');
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {onToggleNav && (
          <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
        )}
        <Text component={Link} to="/" fw={700} size="lg" c="green.8" style={{ textDecoration: 'none' }}>
          Greenpod
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {isAdmin && (
          <ActionIcon
            variant={inAdmin ? 'light' : 'subtle'}
            size="lg"
            aria-label={inAdmin ? 'Switch to user mode' : 'Switch to admin mode'}
            onClick={() => navigate(inAdmin ? '/' : '/admin')}
          >
            <IconSettings />
          </ActionIcon>
        )}
        <NotificationBell />
        <ActionIcon
          component={Link}
          to={token ? '/profile' : '/user/login'}
          variant="subtle"
          size="lg"
          aria-label={token ? 'Profile' : 'Sign in'}
        >
          <IconUserCircle />
        </ActionIcon>
      </Group>
    </Group>
  );
}
