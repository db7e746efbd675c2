import type { ReactNode } from 'react';

/** Where an error came from: the browser's own check (local) or the server's answer. */
export type ErrorSource = 'local' | 'server';

export const ERROR_COLORS: Record<ErrorSource, string> = {
  // docs/screens.md#forms: server errors in danger style, local ones in warning style.
  server: 'var(--mantine-color-red-7)',
  local: 'var(--mantine-color-orange-8)',
};

export interface FieldErrorLike {
  message?: string;
  type?: string;
}

/** The error node an input shows under itself; `type: 'server'` marks an error the server sent. */
export function fieldError(error: FieldErrorLike | string | undefined, source?: ErrorSource): ReactNode {
  if (!error) return undefined;
  const message = typeof error === 'string' ? error : error.message;
  if (!message) return undefined;
  const from: ErrorSource = source ?? (typeof error !== 'string' && error.type === 'server' ? 'server' : 'local');
  return (
    <span data-error-source={from} style={{ color: ERROR_COLORS[from] }}>
      {message}
    </span>
  );
}
