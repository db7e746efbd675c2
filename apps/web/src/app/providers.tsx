import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './theme/surfaces.css';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { createQueryClient } from '../lib/query-client';
import { buildMantineTheme } from './theme/mantine-theme';
import { useThemeConfig } from './theme/theme-store';

/** Light, dark or the system's (Settings), kept in this browser under the app's own prefix. */
// Toasts come from pages that load later: the container (with its transitions) loads with the first toast,
// so it does not weigh on the sign-in page's first load. The store it reads is tiny and loads at once.
const ToastContainer = lazy(() => import('./toast-container').then((m) => ({ default: m.ToastContainer })));

function Toasts() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  ) : null;
}

export const colorSchemeManager = localStorageColorSchemeManager({ key: 'greenpod_colorScheme' });

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const config = useThemeConfig();
  const { theme, resolver } = useMemo(() => buildMantineTheme(config), [config]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={resolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <Toasts />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
