import { DEFAULT_PAGING } from '@greenpod/contracts';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { SortDirection, TableState, ViewMode } from './types';

type DefaultSort = { key: string; direction: SortDirection };

const positive = (raw: string | null, fallback: number) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** Sets a key, or drops it when the value is its default (defaults stay out of the URL). */
export function putParam(params: URLSearchParams, key: string, value: string, fallback = '') {
  if (value === fallback) params.delete(key);
  else params.set(key, value);
}

function stateOf(params: URLSearchParams, sort?: DefaultSort): TableState {
  return {
    page: positive(params.get('page'), 1),
    size: positive(params.get('size'), DEFAULT_PAGING),
    searchField: params.get('field') ?? '',
    searchWord: params.get('q') ?? '',
    colKey: params.get('sort') ?? sort?.key ?? '',
    sortDirection: (params.get('dir') ?? sort?.direction) === 'DESC' ? 'DESC' : 'ASC',
  };
}

function writeState(params: URLSearchParams, next: TableState, sort?: DefaultSort) {
  putParam(params, 'page', String(next.page), '1');
  putParam(params, 'size', String(next.size), String(DEFAULT_PAGING));
  putParam(params, 'field', next.searchField);
  putParam(params, 'q', next.searchWord);
  putParam(params, 'sort', next.colKey, sort?.key ?? '');
  putParam(params, 'dir', next.sortDirection, sort?.direction ?? 'ASC');
}

/**
 * A table's page, size, search, sort and Grid View / Map View live in the URL, so returning from a form (or
 * the back button, or a shared link) lands on the same page in the same view (docs/screens.md#data-table).
 * Defaults are left out of the URL; other keys of the query (a page's own filters) are kept.
 *
 * A change is a patch on the URL as last written, not on the state of the last render: the router renders a
 * new URL in a transition, so two changes made before it has (Filter by, then Search) would otherwise undo
 * the first.
 */
export function useTableUrlState(defaultSort?: DefaultSort) {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const sortKey = defaultSort?.key;
  const sortDirection = defaultSort?.direction;
  const sort = useMemo(
    () => (sortKey && sortDirection ? { key: sortKey, direction: sortDirection } : undefined),
    [sortKey, sortDirection],
  );
  const state = useMemo(() => stateOf(params, sort), [params, sort]);
  const view: ViewMode = params.get('view') === 'map' ? 'map' : 'grid';

  /** Applies a change to the URL as last written. */
  const update = useCallback(
    (change: (next: URLSearchParams) => void) => {
      const next = new URLSearchParams(latest.current);
      change(next);
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );
  const setState = useCallback(
    (patch: Partial<TableState>) => update((p) => writeState(p, { ...stateOf(p, sort), ...patch }, sort)),
    [update, sort],
  );
  const setView = useCallback((next: ViewMode) => update((p) => putParam(p, 'view', next, 'grid')), [update]);
  return { state, setState, view, setView, params, update };
}
