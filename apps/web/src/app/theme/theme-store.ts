import { DEFAULT_THEME, type Theme } from '@greenpod/contracts';
import { useSyncExternalStore } from 'react';

// The theme is chosen inside the router (it depends on the path) but applied above it (MantineProvider).
let current: Theme = DEFAULT_THEME;
const listeners = new Set<() => void>();

export function setThemeConfig(theme: Theme): void {
  if (theme === current) return;
  current = theme;
  for (const listener of listeners) listener();
}

export const getThemeConfig = () => current;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useThemeConfig(): Theme {
  return useSyncExternalStore(subscribe, getThemeConfig, getThemeConfig);
}
