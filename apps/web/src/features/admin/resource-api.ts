import { type DataTableParams, deletePreviewSchema, type Resource } from '@greenpod/contracts';
import type { TableState } from '../../components/data-table/types';
import { apiList, apiRequest } from '../../lib/api-client';

/** A row as lists and GET /:id return it: ids, fields, joined titles, created/updated. */
export type Row = Record<string, unknown> & { id: number };

/** Every query of one resource starts with this key, so one invalidation refreshes them all. */
export const resourceKey = (name: string) => ['resource', name] as const;

export function listParams(state: TableState): DataTableParams {
  const word = state.searchWord.trim();
  return {
    paging: state.size,
    offset: state.page,
    // A chosen column narrows the search to it; otherwise search every text column.
    ...(word && state.searchField ? { searchField: state.searchField, searchWord: word } : {}),
    ...(word && !state.searchField ? { baseSearch: word } : {}),
    ...(state.colKey ? { colKey: state.colKey, sortDirection: state.sortDirection } : {}),
  };
}

export const listQuery = (resource: Resource, state: TableState) => ({
  queryKey: [...resourceKey(resource.name), 'list', listParams(state)] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiList<Row>(resource.name, listParams(state), signal),
});

export const itemQuery = (name: string, id: string) => ({
  queryKey: [...resourceKey(name), 'item', id] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await apiRequest<{ data: Row }>(`/${name}/${encodeURIComponent(id)}`, { signal })).data,
});

/** Options of a cascading select: up to 1000 rows, filtered by the parent's value. */
export const optionsQuery = (entity: string, parent?: { key: string; value: number }) => {
  const params: DataTableParams = { paging: 1000, ...(parent ? { fetchParams: { [parent.key]: parent.value } } : {}) };
  return {
    queryKey: [...resourceKey(entity), 'options', params] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => apiList<Row>(entity, params, signal),
  };
};

/** The answer is the envelope: a create may carry a once-shown secret beside `data` (secretOnCreate). */
export const saveResource = (name: string, body: Record<string, unknown>, id?: string) =>
  apiRequest<{ data: Row } & Record<string, unknown>>(id ? `/${name}/${encodeURIComponent(id)}` : `/${name}`, {
    method: id ? 'PUT' : 'POST',
    body,
  });

export const deleteResource = (name: string, id: number) =>
  apiRequest<{ success: true }>(`/${name}/${id}`, { method: 'DELETE' });

/** What deleting a row would take with it and what blocks it (asked when its delete dialog opens). */
export const deletePreviewQuery = (name: string, id: number | undefined) => ({
  queryKey: [...resourceKey(name), 'delete-preview', id] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    deletePreviewSchema.parse((await apiRequest<{ data: unknown }>(`/delete-preview/${name}/${id}`, { signal })).data),
  enabled: id !== undefined,
  // Counts change with every reading: always ask afresh.
  staleTime: 0,
  gcTime: 0,
});
