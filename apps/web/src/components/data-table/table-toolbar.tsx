import { Button, Group, NativeSelect, SegmentedControl, TextInput } from '@mantine/core';
import { IconSearch, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type { FieldOption, TableState, ViewMode } from './types';

export interface TableToolbarProps {
  state: TableState;
  /** A change to the state: only the keys that change. */
  onStateChange: (change: Partial<TableState>) => void;
  searchFields: readonly FieldOption[];
  sortFields: readonly FieldOption[];
  extraAction?: { label: string; onClick: () => void };
  view?: { value: ViewMode; onChange: (view: ViewMode) => void };
  /** The column chooser, at the end of the sort controls. */
  columnChooser?: ReactNode;
  /** More filters, after "Filter by" (the tips variant's tag). */
  filter?: ReactNode;
}

/** Search bar, filter-by and sort-by fields, ASC/DESC toggle, extra action, view toggler. */
export function TableToolbar({
  state,
  onStateChange,
  searchFields,
  sortFields,
  extraAction,
  view,
  columnChooser,
  filter,
}: TableToolbarProps) {
  const [draft, setDraft] = useState(state.searchWord);
  // The word can change from outside (back button, a link with ?q=): follow it.
  useEffect(() => setDraft(state.searchWord), [state.searchWord]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // docs/screens.md#data-table: a search goes back to page 1.
    onStateChange({ searchWord: draft.trim(), page: 1 });
  };
  const ascending = state.sortDirection === 'ASC';

  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <Group component="form" onSubmit={submit} gap="xs" align="flex-end" role="search">
        <TextInput
          aria-label="Search"
          placeholder="Search"
          leftSection={<IconSearch size={16} />}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
        />
        {searchFields.length > 0 && (
          <NativeSelect
            label="Filter by"
            value={state.searchField}
            data={[{ value: '', label: 'All fields' }, ...searchFields]}
            onChange={(e) => onStateChange({ searchField: e.currentTarget.value, page: 1 })}
          />
        )}
        {filter}
        <Button type="submit" variant="light">
          Search
        </Button>
      </Group>
      <Group gap="xs" align="flex-end">
        {sortFields.length > 0 && (
          <NativeSelect
            label="Sort by"
            value={state.colKey}
            data={[{ value: '', label: 'Default' }, ...sortFields]}
            onChange={(e) => onStateChange({ colKey: e.currentTarget.value })}
          />
        )}
        <Button
          variant="default"
          aria-label={`Sort direction ${state.sortDirection}`}
          leftSection={ascending ? <IconSortAscending size={16} /> : <IconSortDescending size={16} />}
          onClick={() => onStateChange({ sortDirection: ascending ? 'DESC' : 'ASC' })}
        >
          {state.sortDirection}
        </Button>
        {view && (
          <SegmentedControl
            value={view.value}
            onChange={(v) => view.onChange(v === 'map' ? 'map' : 'grid')}
            data={[
              { value: 'grid', label: 'Grid View' },
              { value: 'map', label: 'Map View' },
            ]}
          />
        )}
        {columnChooser}
        {extraAction && <Button onClick={extraAction.onClick}>{extraAction.label}</Button>}
      </Group>
    </Group>
  );
}
