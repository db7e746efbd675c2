import { useSyncExternalStore } from 'react';

/** The viewer's own settings, kept in this browser (the colour scheme is Mantine's, under its own key). */
export const TIME_ZONE_KEY = 'greenpod_timeZone';

const listeners = new Set<() => void>();

/** The browser's zone, which is what a viewer sees until they choose another in Settings. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The chosen zone if it is still a zone this browser knows, else the browser's. */
export function getTimeZone(): string {
  const chosen = localStorage.getItem(TIME_ZONE_KEY);
  return chosen && isTimeZone(chosen) ? chosen : browserTimeZone();
}

/** null goes back to following the browser. */
export function setTimeZone(zone: string | null): void {
  if (zone === null) localStorage.removeItem(TIME_ZONE_KEY);
  else if (isTimeZone(zone)) localStorage.setItem(TIME_ZONE_KEY, zone);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The viewer's time zone: dashboards' windows, axes and times are in it. */
export function useTimeZone(): string {
  return useSyncExternalStore(subscribe, getTimeZone, browserTimeZone);
}
