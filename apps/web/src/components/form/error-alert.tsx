import { Alert, List } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';

export interface ErrorAlertProps {
  /** danger = the server refused; warning = the browser's own checks. */
  tone?: 'danger' | 'warning';
  error?: string | null;
  /** Field messages; when present they are shown instead of the general text (docs/screens.md#forms). */
  fieldErrors?: Record<string, readonly string[]>;
  /** Turns a field key into the label the user saw. */
  labelOf?: (field: string) => string;
  title?: string;
}

export function ErrorAlert({ tone = 'danger', error, fieldErrors, labelOf, title }: ErrorAlertProps) {
  const entries = Object.entries(fieldErrors ?? {}).filter(([, messages]) => messages.length > 0);
  if (!error && entries.length === 0) return null;
  const danger = tone === 'danger';
  return (
    <Alert
      role="alert"
      color={danger ? 'red' : 'orange'}
      variant="light"
      title={title}
      icon={danger ? <IconAlertCircle /> : <IconAlertTriangle />}
    >
      {entries.length > 0 ? (
        <List size="sm">
          {entries.map(([field, messages]) => (
            <List.Item key={field}>
              {labelOf ? labelOf(field) : field}: {messages.join(' ')}
            </List.Item>
          ))}
        </List>
      ) : (
        error
      )}
    </Alert>
  );
}
