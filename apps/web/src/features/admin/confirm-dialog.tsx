import { Button, Group, Modal, Stack, Text } from '@mantine/core';
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
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        <Text>{prompt}</Text>
        <ErrorAlert error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={color} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
