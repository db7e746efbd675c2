import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../components/form/error-alert';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  prompt: string;
  confirmLabel: string;
  color?: string;
  pending: boolean;
  /** What the server said when the action failed (a 409 naming dependants, ...). */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
  /** Said under the prompt (what else a delete takes with it). */
  details?: ReactNode;
  /** Confirming is not possible yet, or not at all (a delete the server would refuse). */
  confirmDisabled?: boolean;
}

/** Asks before an action that cannot be undone; stays open with the error when it fails. */
export function ConfirmDialog({
  opened,
  title,
  prompt,
  confirmLabel,
  color,
  pending,
  error,
  onConfirm,
  onClose,
  details,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        <Text>{prompt}</Text>
        {details}
        <ErrorAlert error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={color} loading={pending} disabled={confirmDisabled} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
