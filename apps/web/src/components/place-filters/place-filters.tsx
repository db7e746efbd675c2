import { Group } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { apiList } from '../../lib/api-client';
import { Dropdown, type DropdownItem } from '../dropdown/dropdown';

/** The places a filter narrows to; the client only narrows the locations offered (a client's link). */
export interface PlaceFilterValue {
  clientId?: number;
  locationId?: number;
  areaId?: number;
  podId?: number;
}

interface PlaceRow {
  id: number;
  title: string;
}
type PlaceEntity = 'location' | 'area' | 'pod';

/** A filter's choices: the caller's locations (of a client), the areas of a location, the pods of an area. */
export const placeChoicesQuery = (
  entity: PlaceEntity,
  parent?: { key: 'clientId' | 'locationId' | 'areaId'; id: number },
) =>
  queryOptions({
    queryKey: ['place-choices', entity, parent?.key ?? null, parent?.id ?? null] as const,
    queryFn: async ({ signal }) =>
      (
        await apiList<PlaceRow>(
          entity,
          {
            paging: 1000,
            colKey: 'title',
            sortDirection: 'ASC',
            ...(parent ? { fetchParams: { [parent.key]: parent.id } } : {}),
          },
          signal,
        )
      ).data,
    staleTime: 5 * 60_000,
  });

const itemsOf = (all: string, rows: PlaceRow[] | undefined): DropdownItem[] => [
  { value: '', label: all },
  ...(rows ?? []).map((r) => ({ value: String(r.id), label: r.title })),
];
const idOf = (v: string) => (v === '' ? undefined : Number(v));

/**
 * "All Locations" / "All Areas" / "All Pods" (docs/screens.md#dashboard): each waits for its parent, and choosing
 * a parent clears what was chosen below it. `children` are further filters in the same row (FilterBox each),
 * `leading` one before them (a report's client).
 */
export function PlaceFilters({
  place,
  onPlace,
  leading,
  children,
}: {
  place: PlaceFilterValue;
  onPlace(place: PlaceFilterValue): void;
  leading?: ReactNode;
  children?: ReactNode;
}) {
  const { clientId, locationId, areaId, podId } = place;
  const locations = useQuery(
    placeChoicesQuery('location', clientId === undefined ? undefined : { key: 'clientId', id: clientId }),
  );
  const areas = useQuery({
    ...placeChoicesQuery('area', { key: 'locationId', id: locationId ?? 0 }),
    enabled: locationId !== undefined,
  });
  const pods = useQuery({
    ...placeChoicesQuery('pod', { key: 'areaId', id: areaId ?? 0 }),
    enabled: areaId !== undefined,
  });
  return (
    <Group gap="xs" wrap="wrap" align="flex-end">
      {leading}
      <FilterBox>
        <Dropdown
          ariaLabel="Location"
          items={itemsOf('All Locations', locations.data)}
          value={locationId === undefined ? '' : String(locationId)}
          onChange={(v) => onPlace({ locationId: idOf(v) })}
        />
      </FilterBox>
      <FilterBox>
        <Dropdown
          ariaLabel="Area"
          items={itemsOf('All Areas', areas.data)}
          value={areaId === undefined ? '' : String(areaId)}
          disabled={locationId === undefined}
          onChange={(v) => onPlace({ locationId, areaId: idOf(v) })}
        />
      </FilterBox>
      <FilterBox>
        <Dropdown
          ariaLabel="Pod"
          items={itemsOf('All Pods', pods.data)}
          value={podId === undefined ? '' : String(podId)}
          disabled={areaId === undefined}
          onChange={(v) => onPlace({ locationId, areaId, podId: idOf(v) })}
        />
      </FilterBox>
      {children}
    </Group>
  );
}

const WIDTH = 170;

/** One filter's box: two share a row on a 360 px phone; wider, each keeps a fixed width. */
export function FilterBox({ children }: { children: ReactNode }) {
  return <div style={{ flex: `1 1 ${WIDTH - 30}px`, maxWidth: WIDTH, minWidth: 0 }}>{children}</div>;
}
