import { AppShell, Box, Center, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { clearSession } from '../../lib/session';
import { useSession } from '../../lib/use-session';
import { ThemeLoader } from '../theme/theme-loader';
import { Footer } from './footer';
import { Header } from './header';
import { Sidebar } from './sidebar';

/** Header, sidebar and footer around every viewer and admin page. */
export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { token, session, isAdmin } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // docs/screens.md#sidebar: the sidebar shows only once the signed-in role has loaded.
  const mode = pathname.startsWith('/admin') && isAdmin ? 'admin' : 'user';
  const withNav = session !== undefined;

  const logout = () => {
    clearSession();
    queryClient.clear();
    close();
    navigate('/user/login');
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={withNav ? { width: 240, breakpoint: 'md', collapsed: { mobile: !opened } } : undefined}
      // On a phone a fixed footer always covers 40 px of a short screen: there it closes the page instead.
      footer={{ height: { base: 0, sm: 40 } }}
      padding="md"
    >
      <ThemeLoader />
      <AppShell.Header>
        <Header token={token} isAdmin={isAdmin} navOpened={opened} onToggleNav={withNav ? toggle : undefined} />
      </AppShell.Header>
      {withNav && (
        <AppShell.Navbar p="xs">
          <Sidebar mode={mode} onNavigate={close} onLogout={logout} />
        </AppShell.Navbar>
      )}
      <AppShell.Main>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
        <Box component="footer" hiddenFrom="sm" mt="md">
          <Footer />
        </Box>
      </AppShell.Main>
      <AppShell.Footer visibleFrom="sm">
        <Footer />
      </AppShell.Footer>
    </AppShell>
  );
}

export function PageLoader() {
  return (
    <Center py="xl" role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}
