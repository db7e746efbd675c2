import { type DataTableParams, type SensorType, type TipCard, tipCardSchema, tipListSchema } from '@greenpod/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TableState } from '../../components/data-table/types';
import { apiRequest } from '../../lib/api-client';

export const TIPS_KEY = ['tips'] as const;

/** The list protocol's fields for the table's state (docs/api.md#lists). */
export function tipListParams(state: TableState): DataTableParams {
  const word = state.searchWord.trim();
  return {
    paging: state.size,
    offset: state.page,
    // A chosen column narrows the search to it; otherwise title and description.
    ...(word && state.searchField ? { searchField: state.searchField, searchWord: word } : {}),
    ...(word && !state.searchField ? { baseSearch: word } : {}),
    ...(state.colKey ? { colKey: state.colKey, sortDirection: state.sortDirection } : {}),
  };
}

/** GET /api/tips (docs/api.md#tips): a page of the viewer's tips, the urgent ones first. */
export const tipsQuery = (state: TableState, tag: SensorType | null) => {
  const params = tipListParams(state);
  return queryOptions({
    queryKey: [...TIPS_KEY, 'list', params, tag] as const,
    queryFn: async ({ signal }) =>
      tipListSchema.parse(
        await apiRequest<unknown>('/tips', {
          query: { dataTableParams: JSON.stringify(params), ...(tag ? { tag } : {}) },
          signal,
        }),
      ),
    // The page being left stays on screen while the next one loads, so paging does not jump.
    placeholderData: keepPreviousData,
  });
};

/** GET /api/tips/:id: one tip; a 404 (unknown, inactive or outside the scope) is the article's not-found state. */
export const tipQuery = (id: number) =>
  queryOptions({
    queryKey: [...TIPS_KEY, 'item', id] as const,
    queryFn: async ({ signal }): Promise<TipCard> =>
      tipCardSchema.parse((await apiRequest<{ data: unknown }>(`/tips/${id}`, { signal })).data),
  });
