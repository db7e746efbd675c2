import type { Resource } from '@greenpod/contracts';
import { IconKey } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import type { ExtraRowAction } from '../../../components/data-table/types';
import { ConfirmDialog } from '../confirm-dialog';
import type { Row } from '../resource-api';
import { rotatePrompt, rotateSecret, secretLabel, secretNote } from './secret';
import { SecretModal } from './secret-modal';

/**
 * For a resource with a once-shown secret (a pod's ingest key): a row action that asks, makes a new
 * secret on the server and shows it once. Other resources get no action and no dialogs.
 */
export function useSecretRotation(resource: Resource): { actions: ExtraRowAction<Row>[]; dialogs: ReactNode } {
  const field = resource.secretOnCreate;
  const [target, setTarget] = useState<Row | null>(null);
  const [secret, setSecret] = useState({ value: '', shown: false });

  const rotate = useMutation({
    mutationFn: (row: Row) => rotateSecret(resource, field ?? '', row.id),
    onSuccess: (key) => {
      setTarget(null);
      setSecret({ value: key, shown: true });
    },
  });

  const actions = useMemo<ExtraRowAction<Row>[]>(
    () =>
      field
        ? [
            {
              label: `Rotate ${secretLabel(field).toLowerCase()}`,
              Icon: IconKey,
              color: 'orange',
              onClick: (row: Row) => {
                rotate.reset();
                setTarget(row);
              },
            },
          ]
        : [],
    // rotate.reset is stable across renders (TanStack Query binds it once per observer).
    [field, rotate.reset],
  );

  const dialogs = field ? (
    <>
      <ConfirmDialog
        opened={target !== null}
        title={`Rotate ${secretLabel(field).toLowerCase()}`}
        prompt={rotatePrompt(resource, field)}
        confirmLabel="Rotate"
        color="orange"
        pending={rotate.isPending}
        error={rotate.error?.message ?? null}
        onConfirm={() => target && rotate.mutate(target)}
        onClose={() => setTarget(null)}
      />
      <SecretModal
        opened={secret.shown}
        title={secretLabel(field)}
        secret={secret.value}
        note={secretNote(resource, field)}
        onDone={() => setSecret({ value: secret.value, shown: false })}
      />
    </>
  ) : null;

  return { actions, dialogs };
}
