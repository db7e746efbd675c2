import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './theme/surfaces.css';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { createQueryClient } from '../lib/query-client';
import { buildMantineTheme } from './theme/mantine-theme';
import { useThemeConfig } from './theme/theme-store';

/** Light, dark or the system's (Settings), kept in this browser under the app's own prefix. */
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
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
