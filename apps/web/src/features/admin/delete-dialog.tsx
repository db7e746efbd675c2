import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ErrorAlert } from '../../components/form/error-alert';

interface DeleteDialogProps {
  opened: boolean;
  prompt: string;
  pending: boolean;
  /** e.g. a 409 naming the rows that still depend on this one. */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

export function DeleteDialog({ opened, prompt, pending, error, onConfirm, onClose }: DeleteDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Delete" centered>
      <Stack>
        <Text>{prompt}</Text>
        <ErrorAlert error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
