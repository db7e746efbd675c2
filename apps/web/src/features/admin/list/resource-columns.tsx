import { type Resource, unhandledKind } from '@greenpod/contracts';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { DataTableColumn, FieldOption } from '../../../components/data-table/types';
import { formatLocalDateTime } from '../../../lib/format';
import { enumLabel } from '../enum-label';
import type { Row } from '../resource-api';

/** Table columns straight from the resource definition, each rendered by its kind. */
export function resourceColumns(resource: Resource): DataTableColumn<Row>[] {
  return resource.columns.map((col) => ({
    key: col.key,
    label: col.label,
    sortable: col.sortable,
    hideOnMobile: col.hideOnMobile,
    defaultHidden: !col.defaultVisible,
    render: (row: Row) => {
      const value = row[col.key];
      switch (col.kind) {
        case 'flag':
          // 1 or true counts as on (docs/screens.md#admin-lists).
          return value === true || value === 1 ? (
            <IconCheck size={18} color="var(--mantine-color-green-7)" aria-label="Yes" role="img" />
          ) : (
            <IconX size={18} color="var(--mantine-color-gray-6)" aria-label="No" role="img" />
          );
        case 'date':
          return formatLocalDateTime(typeof value === 'string' ? value : null);
        case 'enum':
          return enumLabel(col.key, value);
        case 'tags':
          return Array.isArray(value) ? value.map((v) => enumLabel(col.key, v)).join(', ') : '';
        case 'text':
        case 'number':
        case 'ref':
        case 'shortcode':
        case 'join':
        case 'id':
          return value === null || value === undefined ? '' : String(value);
        default:
          return unhandledKind(col.kind);
      }
    },
  }));
}

/**
 * What "Filter by" offers: the searchable fields, then the joined titles (a saving's or tariff's pod), as the server's
 * searchField takes them (crud/resource-list.ts). Without the joins a list like Savings had nothing to search by.
 */
export function searchOptions(resource: Resource): FieldOption[] {
  return [
    ...resource.searchable.map((key) => ({ value: key, label: resource.fields[key]?.label ?? key })),
    ...Object.entries(resource.joins ?? {})
      .filter(([, j]) => !j.numeric)
      .map(([key, j]) => ({ value: key, label: resource.columnLabels?.[key] ?? j.label })),
  ];
}

export function sortOptions(resource: Resource): FieldOption[] {
  return resource.columns.filter((c) => c.sortable).map((c) => ({ value: c.key, label: c.label }));
}
