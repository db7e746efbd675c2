import { DEFAULT_PAGING } from '@greenpod/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { SortDirection, TableState, ViewMode } from './types';

const positive = (raw: string | null, fallback: number) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

// The URL's names for the table's state; anything else in the query is left as it is.
const KEYS = ['page', 'size', 'field', 'q', 'sort', 'dir', 'view'] as const;

/**
 * A table's page, size, search, sort and Grid View / Map View live in the URL, so returning from a form (or
 * the back button, or a shared link) lands on the same page in the same view (docs/screens.md#data-table).
 * Defaults are left out of the URL.
 */
export function useTableUrlState(defaultSort?: { key: string; direction: SortDirection }) {
  const [params, setParams] = useSearchParams();
  const state = useMemo<TableState>(
    () => ({
      page: positive(params.get('page'), 1),
      size: positive(params.get('size'), DEFAULT_PAGING),
      searchField: params.get('field') ?? '',
      searchWord: params.get('q') ?? '',
      colKey: params.get('sort') ?? defaultSort?.key ?? '',
      sortDirection: (params.get('dir') ?? defaultSort?.direction) === 'DESC' ? 'DESC' : 'ASC',
    }),
    [params, defaultSort?.key, defaultSort?.direction],
  );
  const view: ViewMode = params.get('view') === 'map' ? 'map' : 'grid';

  const write = useCallback(
    (next: TableState, nextView: ViewMode) => {
      const entries: [string, string][] = [
        ['page', next.page === 1 ? '' : String(next.page)],
        ['size', next.size === DEFAULT_PAGING ? '' : String(next.size)],
        ['field', next.searchField],
        ['q', next.searchWord],
        ['sort', next.colKey],
        ['dir', next.sortDirection],
        ['view', nextView === 'grid' ? '' : nextView],
      ];
      setParams(
        (current) => {
          const kept = [...current.entries()].filter(([key]) => !(KEYS as readonly string[]).includes(key));
          return new URLSearchParams([...kept, ...entries.filter(([, v]) => v !== '')]);
        },
        { replace: true },
      );
    },
    [setParams],
  );
  const setState = useCallback((next: TableState) => write(next, view), [write, view]);
  const setView = useCallback((next: ViewMode) => write(state, next), [write, state]);
  return { state, setState, view, setView };
}
