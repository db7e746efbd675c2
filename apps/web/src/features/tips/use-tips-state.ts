import { SENSOR_TYPES, type SensorType } from '@greenpod/contracts';
import { useCallback } from 'react';
import { putParam, useTableUrlState } from '../../components/data-table/use-table-url-state';

const isTag = (v: string | null): v is SensorType => SENSOR_TYPES.some((t) => t === v);
const BY_TITLE = { key: 'title', direction: 'ASC' } as const;

/**
 * The tips list's page, size, search, sort and tag live in the URL, so "Back to tips" from an article (or
 * the back button, or a shared link) lands on the same page.
 */
export function useTipsState() {
  const { state, setState, params, update } = useTableUrlState(BY_TITLE);
  const tagParam = params.get('tag');
  const tag = isTag(tagParam) ? tagParam : null;
  // A new tag starts again at page 1.
  const setTag = useCallback(
    (next: SensorType | null) =>
      update((p) => {
        p.delete('page');
        putParam(p, 'tag', next ?? '');
      }),
    [update],
  );
  return { state, setState, tag, setTag };
}
