import { type DeletePreview, describeRowCounts } from '@greenpod/contracts';
import { Alert, Loader, Text } from '@mantine/core';
import { ConfirmDialog, type ConfirmDialogProps } from '../confirm-dialog';

type DeleteDialogProps = Omit<ConfirmDialogProps, 'title' | 'confirmLabel' | 'color' | 'details'> & {
  /** What the server says the delete would take with it and what blocks it; absent where there is no preview. */
  preview?: { loading: boolean; data?: DeletePreview; label: string };
};

/** Asks before a delete and, with a preview, says how much else goes with the record before it is confirmed. */
export function DeleteDialog({ preview, confirmDisabled, ...props }: DeleteDialogProps) {
  const blocked = (preview?.data?.blockedBy.length ?? 0) > 0;
  return (
    <ConfirmDialog
      {...props}
      title="Delete"
      confirmLabel="Delete"
      color="red"
      confirmDisabled={confirmDisabled || preview?.loading || blocked}
      details={preview && <PreviewText preview={preview} />}
    />
  );
}

function PreviewText({ preview }: { preview: NonNullable<DeleteDialogProps['preview']> }) {
  if (preview.loading)
    return (
      <Text size="sm" c="dimmed" role="status">
        <Loader size="xs" mr="xs" />
        Counting what goes with it...
      </Text>
    );
  const { data } = preview;
  if (!data) return null;
  if (data.blockedBy.length > 0)
    return (
      <Alert color="yellow" title="This cannot be deleted">
        {`This ${preview.label.toLowerCase()} cannot be deleted: ${describeRowCounts(data.blockedBy)} still depend on it.`}
      </Alert>
    );
  if (data.deletes.length === 0) return null;
  return <Text fw={500}>{`This will also delete ${describeRowCounts(data.deletes)}.`}</Text>;
}
