import { Stack } from '@mantine/core';
import { useState } from 'react';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableColumn, TableState, ViewMode } from '../../components/data-table/types';
import { type Status, StatusIcon } from '../../components/status-icon';

/** Sample rows for the widget gallery only; no viewer page shows them. */
interface SampleRow {
  id: number;
  title: string;
  city: string;
  status: Status;
}
const STATUSES: Status[] = ['approved', 'pending', 'rejected'];
const SAMPLE: SampleRow[] = Array.from({ length: 47 }, (_, i) => ({
  id: i + 1,
  title: `Sample location ${i + 1}`,
  city: ['London', 'Dubai', 'Athens', 'Porto'][i % 4] ?? 'London',
  status: STATUSES[i % 3] ?? 'pending',
}));
const COLUMNS: DataTableColumn<SampleRow>[] = [
  { key: 'title', label: 'Title', sortable: true },
  { key: 'city', label: 'City', sortable: true },
  { key: 'status', label: 'Verification', render: (r) => <StatusIcon status={r.status} /> },
];
const INITIAL: TableState = { page: 1, size: 10, searchField: '', searchWord: '', colKey: '', sortDirection: 'ASC' };

/** The table paged, sorted and searched in memory, the way the server would. */
function useSampleTable() {
  const [state, setState] = useState(INITIAL);
  const word = state.searchWord.toLowerCase();
  const key = (state.colKey || 'id') as keyof SampleRow;
  const filtered = SAMPLE.filter((r) =>
    word
      ? String(state.searchField ? r[state.searchField as keyof SampleRow] : r.title + r.city)
          .toLowerCase()
          .includes(word)
      : true,
  ).sort(
    (a, b) =>
      String(a[key]).localeCompare(String(b[key]), undefined, { numeric: true }) *
      (state.sortDirection === 'ASC' ? 1 : -1),
  );
  const rows = filtered.slice((state.page - 1) * state.size, state.page * state.size);
  const change = (patch: Partial<TableState>) => setState((s) => ({ ...s, ...patch }));
  return { state, setState: change, rows, total: filtered.length };
}

export function StoryboardTables() {
  const table = useSampleTable();
  const [view, setView] = useState<ViewMode>('grid');
  const [emptyState, setEmptyState] = useState(INITIAL);
  const fields = [
    { value: 'title', label: 'Title' },
    { value: 'city', label: 'City' },
  ];
  return (
    <Stack gap="xl">
      <DataTable
        title="With data"
        columns={COLUMNS}
        rows={table.rows}
        total={table.total}
        state={table.state}
        onStateChange={table.setState}
        searchFields={fields}
        sortFields={fields}
        actions={{
          onEdit: () => {},
          onDelete: () => {},
          onView: () => {},
          onCopy: () => {},
          onConvert: () => {},
          onAdd: () => {},
        }}
        extraAction={{ label: 'Extra action', onClick: () => {} }}
        view={{ value: view, onChange: setView }}
        getRowId={(r) => String(r.id)}
      />
      <DataTable
        title="Empty"
        columns={COLUMNS}
        rows={[]}
        total={0}
        state={emptyState}
        onStateChange={(patch) => setEmptyState((s) => ({ ...s, ...patch }))}
      />
      <DataTable
        title="Loading, dashboard page sizes"
        columns={COLUMNS}
        rows={[]}
        total={0}
        loading
        state={{ ...INITIAL, size: 5 }}
        onStateChange={() => {}}
        pageSizes={[5, 10, 15, 20]}
      />
    </Stack>
  );
}
