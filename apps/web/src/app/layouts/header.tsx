import { ActionIcon, Burger, Group } from '@mantine/core';
import { IconSettings, IconUserCircle } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { loginPathFrom } from '../../lib/shortcodes';
import { Brand } from './brand';

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
  // A client's link keeps its shortcodes through sign-in, so the sign-in page wears the client's theme.
  const loginPath = loginPathFrom(pathname);
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="sm" wrap="nowrap">
        {onToggleNav && (
          <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="md" size="sm" aria-label="Toggle navigation" />
        )}
        <Brand />
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
          to={token ? '/profile' : loginPath}
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
