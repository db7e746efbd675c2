import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

type DeleteDialogProps = Omit<ConfirmDialogProps, 'title' | 'confirmLabel' | 'color'>;

export function DeleteDialog(props: DeleteDialogProps) {
  return <ConfirmDialog {...props} title="Delete" confirmLabel="Delete" color="red" />;
}
