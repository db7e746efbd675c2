import type { ActiveUser } from '@greenpod/contracts';
import { useSyncExternalStore } from 'react';
import { TOKEN_KEY, USER_KEY } from './session-keys';

export { TOKEN_KEY, USER_KEY };

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function getActiveUser(): ActiveUser | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as ActiveUser;
  } catch {
    // A hand-edited or stale value must not crash the app; treat it as signed out.
    return null;
  }
}

export function saveSession(token: string, user: ActiveUser): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  notify();
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab signing in or out changes what this tab may show.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The stored token, re-rendering when it changes (sign-in, sign-out, a 401). */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}
