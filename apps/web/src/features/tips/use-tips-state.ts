import { DEFAULT_PAGING, SENSOR_TYPES, type SensorType } from '@greenpod/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { TableState } from '../../components/data-table/types';

const positive = (raw: string | null, fallback: number) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};
const isTag = (v: string | null): v is SensorType => SENSOR_TYPES.some((t) => t === v);

/**
 * The tips list's page, size, search, sort and tag live in the URL, so "Back to tips" from an article (or
 * the back button, or a shared link) lands on the same page.
 */
export function useTipsState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo<TableState>(
    () => ({
      page: positive(params.get('page'), 1),
      size: positive(params.get('size'), DEFAULT_PAGING),
      searchField: params.get('field') ?? '',
      searchWord: params.get('q') ?? '',
      colKey: params.get('sort') ?? 'title',
      sortDirection: params.get('dir') === 'DESC' ? 'DESC' : 'ASC',
    }),
    [params],
  );
  const tagParam = params.get('tag');
  const tag = isTag(tagParam) ? tagParam : null;
  const write = useCallback(
    (next: TableState, nextTag: SensorType | null) => {
      const entries: [string, string][] = [
        ['page', next.page === 1 ? '' : String(next.page)],
        ['size', next.size === DEFAULT_PAGING ? '' : String(next.size)],
        ['field', next.searchField],
        ['q', next.searchWord],
        ['sort', next.colKey === 'title' ? '' : next.colKey],
        ['dir', next.sortDirection === 'ASC' ? '' : next.sortDirection],
        ['tag', nextTag ?? ''],
      ];
      setParams(new URLSearchParams(entries.filter(([, v]) => v !== '')), { replace: true });
    },
    [setParams],
  );
  const setState = useCallback((next: TableState) => write(next, tag), [write, tag]);
  // A new tag starts again at page 1.
  const setTag = useCallback((next: SensorType | null) => write({ ...state, page: 1 }, next), [write, state]);
  return { state, setState, tag, setTag };
}
