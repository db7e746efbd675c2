import { ActionIcon, Group } from '@mantine/core';
import { IconArrowsExchange, IconCopy, IconEdit, IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import type { RowActions as Actions } from './types';

const BUTTONS = [
  { key: 'onView', label: 'View', Icon: IconEye, color: 'gray' },
  { key: 'onEdit', label: 'Edit', Icon: IconEdit, color: 'blue' },
  { key: 'onCopy', label: 'Copy', Icon: IconCopy, color: 'gray' },
  { key: 'onConvert', label: 'Convert', Icon: IconArrowsExchange, color: 'gray' },
  { key: 'onAdd', label: 'Add', Icon: IconPlus, color: 'green' },
  { key: 'onDelete', label: 'Delete', Icon: IconTrash, color: 'red' },
] as const;

export function hasRowActions<T>(actions: Actions<T> | undefined): boolean {
  return !!actions && BUTTONS.some((b) => actions[b.key]);
}

export function RowActions<T>({ row, actions }: { row: T; actions: Actions<T> }) {
  return (
    <Group gap={4} wrap="nowrap">
      {BUTTONS.map(({ key, label, Icon, color }) => {
        const handler = actions[key];
        if (!handler) return null;
        return (
          <ActionIcon key={key} variant="subtle" color={color} aria-label={label} onClick={() => handler(row)}>
            <Icon size={18} />
          </ActionIcon>
        );
      })}
    </Group>
  );
}
