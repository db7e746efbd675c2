import type { Resource } from '@greenpod/contracts';
import { DEFAULT_PAGING } from '@greenpod/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { TableState } from '../../../components/data-table/types';

const positive = (raw: string | null, fallback: number) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/**
 * The list's page, size, search and sort live in the URL, so returning from a form (or the back
 * button, or a shared link) lands on the same page (docs/screens.md#admin-lists: fetched again at the same page).
 */
export function useListState(resource: Pick<Resource, 'defaultSort'>) {
  const [params, setParams] = useSearchParams();
  const state = useMemo<TableState>(
    () => ({
      page: positive(params.get('page'), 1),
      size: positive(params.get('size'), DEFAULT_PAGING),
      searchField: params.get('field') ?? '',
      searchWord: params.get('q') ?? '',
      colKey: params.get('sort') ?? resource.defaultSort?.key ?? '',
      sortDirection: (params.get('dir') ?? resource.defaultSort?.direction) === 'DESC' ? 'DESC' : 'ASC',
    }),
    [params, resource],
  );
  const setState = useCallback(
    (next: TableState) => {
      const entries: [string, string][] = [
        ['page', next.page === 1 ? '' : String(next.page)],
        ['size', next.size === DEFAULT_PAGING ? '' : String(next.size)],
        ['field', next.searchField],
        ['q', next.searchWord],
        ['sort', next.colKey],
        ['dir', next.sortDirection],
      ];
      setParams(new URLSearchParams(entries.filter(([, v]) => v !== '')), { replace: true });
    },
    [setParams],
  );
  return [state, setState] as const;
}
