import { MESSAGES, PAGE_SIZES } from '@greenpod/contracts';
import { Card, Center, Group, Loader, Skeleton, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import { PageSizeSelect } from '../pagination/page-size-select';
import { pageCount } from '../pagination/page-window';
import { Pagination } from '../pagination/pagination';
import { ColumnChooser } from './column-chooser';
import { useColumnVisibility } from './column-visibility';
import { hasRowActions, RowActions } from './row-actions';
import { TableToolbar, type TableToolbarProps } from './table-toolbar';
import { type RowActions as Actions, type DataTableColumn, MAP_HEIGHT, type TableState } from './types';

export interface DataTableProps<T> extends Partial<Pick<TableToolbarProps, 'extraAction' | 'view'>> {
  title?: string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  total: number;
  /** `total` is where the server stopped counting: more rows may follow. */
  totalIsLowerBound?: boolean;
  loading?: boolean;
  state: TableState;
  /** A change to the state: only the keys that change. */
  onStateChange: (change: Partial<TableState>) => void;
  searchFields?: TableToolbarProps['searchFields'];
  sortFields?: TableToolbarProps['sortFields'];
  pageSizes?: readonly number[];
  actions?: Actions<T>;
  getRowId?: (row: T, index: number) => string;
  /**
   * Offers the column chooser, keeping the viewer's choice in this browser under this key (one per list).
   * Without it every column not `defaultHidden` shows and there is no chooser.
   */
  columnsKey?: string;
  /** More filters beside the search (the tips variant's tag). */
  filter?: TableToolbarProps['filter'];
  /**
   * The tips variant (docs/screens.md#data-table): the same toolbar and pagination around a list of cards,
   * one `renderItem` each, instead of a table; loading shows skeleton cards.
   */
  variant?: 'table' | 'tips';
  renderItem?: (row: T) => ReactNode;
  /** Shown instead of "No Data Found" when there are no rows (in every variant and view). */
  empty?: ReactNode;
  /**
   * Map View (docs/screens.md#data-table): with `view` at `map`, the rows of this page drawn by this renderer
   * (a map of their places) in place of the table; the toolbar and pagination stay, so search, sort and
   * paging apply to the map alike.
   */
  renderMap?: (rows: readonly T[]) => ReactNode;
  /** Below this width the table scrolls inside its box (600 px unless given): a few narrow columns need less. */
  minWidth?: number;
}

const ACTIONS_ID = '__actions';

/** The shared server-paged table (docs/screens.md#data-table); state is owned by the caller. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { title, columns, rows, total, loading, state, onStateChange, actions } = props;
  const showActions = hasRowActions(actions);

  const columnDefs = useMemo<ColumnDef<T>[]>(() => {
    const defs: ColumnDef<T>[] = columns.map((col) => ({
      id: col.key,
      header: col.label,
      cell: ({ row }) => (col.render ? col.render(row.original) : String(readKey(row.original, col.key) ?? '')),
      meta: col,
    }));
    if (showActions && actions) {
      defs.push({
        id: ACTIONS_ID,
        header: 'Actions',
        cell: ({ row }) => <RowActions row={row.original} actions={actions} />,
      });
    }
    return defs;
  }, [columns, actions, showActions]);

  const columnVisibility = useColumnVisibility(columns, props.columnsKey);

  // Paging and sorting happen on the server, so the table only lays rows out.
  const table = useReactTable({
    data: rows as T[],
    columns: columnDefs,
    state: { columnVisibility: columnVisibility.visibility },
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    getRowId: props.getRowId,
  });

  const sortBy = (key: string) => {
    const direction = state.colKey === key && state.sortDirection === 'ASC' ? 'DESC' : 'ASC';
    onStateChange({ colKey: key, sortDirection: direction });
  };

  const colCount = table.getVisibleLeafColumns().length;
  const pages = pageCount(total, state.size);
  const showMap = props.view?.value === 'map' && props.renderMap !== undefined;

  return (
    <Stack gap="md">
      {title && <Title order={3}>{title}</Title>}
      <TableToolbar
        state={state}
        onStateChange={onStateChange}
        searchFields={props.searchFields ?? []}
        sortFields={props.sortFields ?? []}
        extraAction={props.extraAction}
        view={props.view}
        filter={props.filter}
        columnChooser={
          props.columnsKey !== undefined && !showMap && <ColumnChooser columns={columns} state={columnVisibility} />
        }
      />
      {showMap ? (
        <MapBody rows={rows} loading={loading} renderMap={props.renderMap} empty={props.empty} />
      ) : props.variant === 'tips' ? (
        <TipsBody
          rows={rows}
          loading={loading}
          renderItem={props.renderItem}
          empty={props.empty}
          getRowId={props.getRowId}
        />
      ) : (
        <Table.ScrollContainer minWidth={props.minWidth ?? 600}>
          <Table striped highlightOnHover aria-busy={loading || undefined}>
            <Table.Thead>
              {table.getHeaderGroups().map((group) => (
                <Table.Tr key={group.id}>
                  {group.headers.map((header) => {
                    const col = header.column.columnDef.meta as DataTableColumn<T> | undefined;
                    const label = flexRender(header.column.columnDef.header, header.getContext());
                    return (
                      <Table.Th key={header.id} visibleFrom={col?.hideOnMobile ? 'md' : undefined}>
                        {col?.sortable ? (
                          <UnstyledButton onClick={() => sortBy(col.key)} aria-label={`Sort by ${col.label}`}>
                            <Group gap={4} wrap="nowrap">
                              {label}
                              <SortMark active={state.colKey === col.key} direction={state.sortDirection} />
                            </Group>
                          </UnstyledButton>
                        ) : (
                          label
                        )}
                      </Table.Th>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody>
              {loading ? (
                <Table.Tr>
                  <Table.Td colSpan={colCount}>
                    <Center py="lg" role="status" aria-label="Loading">
                      <Loader size="sm" />
                    </Center>
                  </Table.Td>
                </Table.Tr>
              ) : rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={colCount}>{props.empty ?? <NoData />}</Table.Td>
                </Table.Tr>
              ) : (
                table.getRowModel().rows.map((row) => (
                  <Table.Tr key={row.id}>
                    {row.getVisibleCells().map((cell) => {
                      const col = cell.column.columnDef.meta as DataTableColumn<T> | undefined;
                      return (
                        <Table.Td key={cell.id} visibleFrom={col?.hideOnMobile ? 'md' : undefined}>
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between" wrap="wrap">
        <PageSizeSelect
          size={state.size}
          options={props.pageSizes ?? PAGE_SIZES}
          shown={loading ? 0 : rows.length}
          total={total}
          totalIsLowerBound={props.totalIsLowerBound}
          onChange={(size) => onStateChange({ size, page: 1 })}
        />
        <Pagination
          page={state.page}
          count={pages}
          countIsLowerBound={props.totalIsLowerBound}
          onChange={(page) => onStateChange({ page })}
        />
      </Group>
    </Stack>
  );
}

/** The tips variant's body: a card per row, skeleton cards while loading, the empty state. */
function TipsBody<T>({
  rows,
  loading,
  renderItem,
  empty,
  getRowId,
}: Pick<DataTableProps<T>, 'rows' | 'loading' | 'renderItem' | 'empty' | 'getRowId'>) {
  if (loading) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading">
        {[0, 1, 2].map((i) => (
          <Card key={i} withBorder padding="md">
            <Skeleton height={18} width="45%" mb="sm" />
            <Skeleton height={12} mb={6} />
            <Skeleton height={12} width="70%" />
          </Card>
        ))}
      </Stack>
    );
  }
  if (rows.length === 0) return empty ?? <NoData />;
  return (
    <Stack gap="sm" component="ul" style={LIST_STYLE}>
      {rows.map((row, i) => (
        <li key={getRowId ? getRowId(row, i) : i}>
          {renderItem ? renderItem(row) : String(readKey(row, 'title') ?? '')}
        </li>
      ))}
    </Stack>
  );
}
const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 };

/** Map View's body: a skeleton the map's size while loading, "No Data Found" with no rows, else the map. */
function MapBody<T>({
  rows,
  loading,
  renderMap,
  empty,
}: Pick<DataTableProps<T>, 'rows' | 'loading' | 'renderMap' | 'empty'>) {
  if (loading) return <Skeleton height={MAP_HEIGHT} role="status" aria-busy="true" aria-label="Loading" />;
  if (rows.length === 0) return empty ?? <NoData />;
  return renderMap?.(rows);
}

function NoData() {
  return (
    <Text ta="center" py="lg" c="dimmed">
      {MESSAGES.noData}
    </Text>
  );
}

// A long label wraps (Electricity Sum (kWh)); the mark keeps its size rather than shrinking beside it.
const MARK_STYLE = { flexShrink: 0 };

function SortMark({ active, direction }: { active: boolean; direction: 'ASC' | 'DESC' }) {
  if (!active) return <IconArrowsSort size={14} opacity={0.4} style={MARK_STYLE} />;
  return direction === 'ASC' ? (
    <IconArrowUp size={14} style={MARK_STYLE} />
  ) : (
    <IconArrowDown size={14} style={MARK_STYLE} />
  );
}

function readKey(row: unknown, key: string): unknown {
  return typeof row === 'object' && row !== null ? (row as Record<string, unknown>)[key] : undefined;
}
