import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { ADMIN_NAV, isActive, type NavItem, USER_NAV } from './nav-items';

interface SidebarProps {
  mode: 'user' | 'admin';
  onNavigate: () => void;
  onLogout: () => void;
}

export function Sidebar({ mode, onNavigate, onLogout }: SidebarProps) {
  const { pathname } = useLocation();
  const link = (item: NavItem) => (
    <NavLink
      key={item.to}
      component={Link}
      to={item.to}
      label={item.label}
      active={isActive(item.to, pathname)}
      onClick={onNavigate}
    />
  );
  return (
    <ScrollArea component="nav" aria-label={mode === 'admin' ? 'Admin navigation' : 'Navigation'}>
      {mode === 'admin' ? (
        ADMIN_NAV.map((section) => (
          <Stack key={section.title} gap={0} mb="sm">
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" py={4}>
              {section.title}
            </Text>
            {section.items.map(link)}
          </Stack>
        ))
      ) : (
        <Stack gap={0}>{USER_NAV.map(link)}</Stack>
      )}
      <NavLink component="button" label="Log out" leftSection={<IconLogout size={16} />} onClick={onLogout} />
    </ScrollArea>
  );
}
