import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import type { ColumnVisibility } from './column-visibility';
import type { DataTableColumn } from './types';

interface ColumnChooserProps<T> {
  columns: readonly DataTableColumn<T>[];
  state: ColumnVisibility;
}

/** "Columns": a checkbox per column, and "Default columns" to go back to what the list shows at first. */
export function ColumnChooser<T>({ columns, state }: ColumnChooserProps<T>) {
  const shown = columns.filter((c) => state.visibility[c.key] !== false);
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns3 size={16} />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label="Columns shown">
          {columns.map((col) => {
            const visible = state.visibility[col.key] !== false;
            return (
              <Checkbox
                key={col.key}
                label={col.label}
                checked={visible}
                // The last column shown stays: a table of no columns has nothing to choose from.
                disabled={visible && shown.length === 1}
                onChange={(e) => state.setVisible(col.key, e.currentTarget.checked)}
              />
            );
          })}
          <Button size="xs" variant="subtle" disabled={!state.customised} onClick={state.reset}>
            Default columns
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
