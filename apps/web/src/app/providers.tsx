import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './theme/surfaces.css';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { setNonce } from 'get-nonce';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { createQueryClient } from '../lib/query-client';
import { readCspNonce } from './csp-nonce';
import { COLOR_SCHEME_KEY } from './theme/color-scheme';
import { buildMantineTheme } from './theme/mantine-theme';
import { useThemeConfig } from './theme/theme-store';

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

/** Light, dark or the system's (Settings), kept in this browser under the app's own prefix. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

// Every <style> tag the UI kit adds carries the page's nonce, as the CSP allows no other inline style
// (docs/decisions/0026-style-nonces.md): Mantine's (its CSS variables, the theme's, responsive style props,
// the colour-scheme switch) and the scroll lock's under its modals and drawers (react-remove-scroll,
// which takes it from get-nonce).
const styleNonce = readCspNonce();
const getStyleNonce = styleNonce ? () => styleNonce : undefined;
if (styleNonce) setNonce(styleNonce);

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
      getStyleNonce={getStyleNonce}
    >
      <Toasts />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
