import { ActionIcon, Group } from '@mantine/core';
import { IconArrowsExchange, IconCopy, IconEdit, IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import type { RowActions as Actions, ExtraRowAction } from './types';

const BUTTONS = [
  { key: 'onView', label: 'View', Icon: IconEye, color: 'gray' },
  { key: 'onEdit', label: 'Edit', Icon: IconEdit, color: 'blue' },
  { key: 'onCopy', label: 'Copy', Icon: IconCopy, color: 'gray' },
  { key: 'onConvert', label: 'Convert', Icon: IconArrowsExchange, color: 'gray' },
  { key: 'onAdd', label: 'Add', Icon: IconPlus, color: 'green' },
  { key: 'onDelete', label: 'Delete', Icon: IconTrash, color: 'red' },
] as const;

export function hasRowActions<T>(actions: Actions<T> | undefined): boolean {
  return !!actions && (BUTTONS.some((b) => actions[b.key]) || (actions.extra?.length ?? 0) > 0);
}

export function RowActions<T>({ row, actions }: { row: T; actions: Actions<T> }) {
  const common = BUTTONS.flatMap(({ key, label, Icon, color }): ExtraRowAction<T>[] => {
    const handler = actions[key];
    return handler ? [{ label, Icon, color, onClick: handler }] : [];
  });
  // A screen's own actions go before Delete, which stays last where users expect the destructive one.
  const isDelete = (button: ExtraRowAction<T>) => button.label === 'Delete';
  const buttons = [...common.filter((b) => !isDelete(b)), ...(actions.extra ?? []), ...common.filter(isDelete)];
  return (
    <Group gap={4} wrap="nowrap">
      {buttons.map(({ label, Icon, color, onClick }) => (
        <ActionIcon key={label} variant="subtle" color={color} aria-label={label} onClick={() => onClick(row)}>
          <Icon size={18} />
        </ActionIcon>
      ))}
    </Group>
  );
}
