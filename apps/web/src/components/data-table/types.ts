import type { ComponentType, ReactNode } from 'react';

export type SortDirection = 'ASC' | 'DESC';

/** Everything a list call needs; kept by the caller (URL, store) so it survives navigation. */
export interface TableState {
  page: number;
  size: number;
  searchField: string;
  searchWord: string;
  colKey: string;
  sortDirection: SortDirection;
}

export interface DataTableColumn<T> {
  key: string;
  label: string;
  sortable?: boolean;
  hideOnMobile?: boolean;
  /** Left out until the viewer picks it in the column chooser. */
  defaultHidden?: boolean;
  render?: (row: T) => ReactNode;
}

/** Row actions of docs/screens.md#data-table; an action shows only when its callback is given. */
export interface RowActions<T> {
  onEdit?: (row: T) => void;
  onDelete?: (row: T) => void;
  onView?: (row: T) => void;
  onCopy?: (row: T) => void;
  onConvert?: (row: T) => void;
  onAdd?: (row: T) => void;
  /** Actions a screen adds beyond the common ones (rotate a pod's ingest key, ...), shown before Delete. */
  extra?: readonly ExtraRowAction<T>[];
}

export interface ExtraRowAction<T> {
  label: string;
  Icon: ComponentType<{ size?: number }>;
  color?: string;
  onClick: (row: T) => void;
}

export interface FieldOption {
  value: string;
  label: string;
}

export type ViewMode = 'grid' | 'map';

/** The height of Map View's map (and of its skeleton while loading), so the page does not jump. */
export const MAP_HEIGHT = 420;
