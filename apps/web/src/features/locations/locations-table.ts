import type { LocationMarker } from '@greenpod/contracts';
import type { FieldOption, TableState } from '../../components/data-table/types';
import { LOCATION_STATES, stateOf } from '../../components/location-map/location-states';

/**
 * The /locations table pages, searches and sorts in the browser: the server answers every location in
 * scope at once (docs/api.md#location-markers), and a viewer's scope holds few.
 */
const TEXT_FIELDS = ['title', 'city', 'country'] as const;
type TextField = (typeof TEXT_FIELDS)[number];

export const SEARCH_FIELDS: readonly FieldOption[] = [
  { value: 'title', label: 'Title' },
  { value: 'city', label: 'City' },
  { value: 'country', label: 'Country' },
];
export const SORT_FIELDS: readonly FieldOption[] = [...SEARCH_FIELDS, { value: 'state', label: 'State' }];

const isTextField = (key: string): key is TextField => (TEXT_FIELDS as readonly string[]).includes(key);

/** One page of the locations the table state asks for, and how many match. ASC by state is the worst first. */
export function pageOfLocations(all: readonly LocationMarker[], state: TableState) {
  const word = state.searchWord.toLocaleLowerCase();
  const fields = isTextField(state.searchField) ? [state.searchField] : TEXT_FIELDS;
  const matching =
    word === '' ? [...all] : all.filter((l) => fields.some((f) => l[f].toLocaleLowerCase().includes(word)));
  const sign = state.sortDirection === 'DESC' ? -1 : 1;
  const key = state.colKey;
  if (key === 'state') {
    const rank = (l: LocationMarker) => LOCATION_STATES.indexOf(stateOf(l));
    matching.sort(
      (a, b) => sign * (rank(a) - rank(b) || b.openAlerts - a.openAlerts) || a.title.localeCompare(b.title),
    );
  } else if (isTextField(key)) {
    matching.sort((a, b) => sign * a[key].localeCompare(b[key]) || a.title.localeCompare(b.title));
  } else if (sign === -1) {
    // The server's order (by title) reversed.
    matching.reverse();
  }
  const start = (state.page - 1) * state.size;
  return { rows: matching.slice(start, start + state.size), total: matching.length };
}
