import type { Resource } from '@greenpod/contracts';
import { useTableUrlState } from '../../../components/data-table/use-table-url-state';

/**
 * An admin list's page, size, search and sort, kept in the URL (docs/screens.md#admin-lists: fetched again
 * at the same page after a change); the Location list's view too.
 */
export function useListState(resource: Pick<Resource, 'defaultSort'>) {
  const { state, setState } = useTableUrlState(resource.defaultSort);
  return [state, setState] as const;
}
