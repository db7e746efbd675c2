import {
  AGGREGATE_DEFAULT_COLUMNS,
  AGGREGATE_SEARCHABLE,
  AGGREGATE_SORTABLE,
  AGGREGATE_VALUE_FIELDS,
  type AggregateRow,
  type AggregateValueField,
} from '@greenpod/contracts';
import type { DataTableColumn, FieldOption } from '../../../components/data-table/types';
import { formatLocalDateTime } from '../../../lib/format';

type Key = keyof AggregateRow;

/** docs/screens.md#aggregated-data: column order, labels, and what narrow screens hide. */
const COLUMNS: readonly { key: Key; label: string; hideOnMobile?: boolean }[] = [
  { key: 'podTitle', label: 'Pod' },
  { key: 'podsIdentifier', label: 'Identifier' },
  { key: 'electricity', label: 'Electricity' },
  { key: 'electricitySum', label: 'Electricity Sum (kWh)' },
  { key: 'temperature', label: 'Temperature' },
  { key: 'water', label: 'Water' },
  { key: 'waterSum', label: 'Water Sum (L)' },
  { key: 'motion', label: 'Motion', hideOnMobile: true },
  { key: 'pressure', label: 'Pressure', hideOnMobile: true },
  { key: 'humidity', label: 'Humidity', hideOnMobile: true },
  { key: 'ambientLight', label: 'Ambient Light', hideOnMobile: true },
  { key: 'created', label: 'Created', hideOnMobile: true },
];

/** A period with no readings of a kind has no value: show a dash rather than a misleading 0. */
export const formatAggregateValue = (value: number | null): string => (value === null ? '—' : value.toFixed(2));

const VALUE_FIELDS = new Set<string>(AGGREGATE_VALUE_FIELDS);
const isValueField = (key: Key): key is AggregateValueField => VALUE_FIELDS.has(key);

function render(key: Key, row: AggregateRow): string {
  if (key === 'created') return formatLocalDateTime(row.created);
  if (isValueField(key)) return formatAggregateValue(row[key]);
  return String(row[key]);
}

const sortable = new Set<string>(AGGREGATE_SORTABLE);

export const AGGREGATE_COLUMNS: DataTableColumn<AggregateRow>[] = COLUMNS.map((col) => ({
  ...col,
  sortable: sortable.has(col.key),
  defaultHidden: !AGGREGATE_DEFAULT_COLUMNS.includes(col.key),
  render: (row: AggregateRow) => render(col.key, row),
}));

const labelOf = (key: string) => COLUMNS.find((c) => c.key === key)?.label ?? key;

export const AGGREGATE_SEARCH_FIELDS: FieldOption[] = AGGREGATE_SEARCHABLE.map((key) => ({
  value: key,
  label: labelOf(key),
}));
export const AGGREGATE_SORT_FIELDS: FieldOption[] = AGGREGATE_COLUMNS.filter((c) => c.sortable).map((c) => ({
  value: c.key,
  label: c.label,
}));
