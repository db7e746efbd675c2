import { Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Dropdown, type DropdownItem } from '../../components/dropdown/dropdown';
import { type PlaceRow, placeChoicesQuery } from './savings-api';

export interface SavingsPlace {
  locationId?: number;
  areaId?: number;
  podId?: number;
}

const itemsOf = (all: string, rows: PlaceRow[] | undefined): DropdownItem[] => [
  { value: '', label: all },
  ...(rows ?? []).map((r) => ({ value: String(r.id), label: r.title })),
];
const id = (v: string) => (v === '' ? undefined : Number(v));

/**
 * "All Locations" / "All Areas" / "All Pods", as on the dashboard (docs/screens.md#dashboard): each waits for its
 * parent, and choosing a parent clears what was chosen below it. (The dashboard's own filters carry its sensor
 * filter and its query keys; features do not share code, so the Savings page has these.)
 */
export function SavingsPlaceFilters({ place, onPlace }: { place: SavingsPlace; onPlace(place: SavingsPlace): void }) {
  const { locationId, areaId, podId } = place;
  const locations = useQuery(placeChoicesQuery('location'));
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
      <FilterBox>
        <Dropdown
          ariaLabel="Location"
          items={itemsOf('All Locations', locations.data)}
          value={locationId === undefined ? '' : String(locationId)}
          onChange={(v) => onPlace({ locationId: id(v) })}
        />
      </FilterBox>
      <FilterBox>
        <Dropdown
          ariaLabel="Area"
          items={itemsOf('All Areas', areas.data)}
          value={areaId === undefined ? '' : String(areaId)}
          disabled={locationId === undefined}
          onChange={(v) => onPlace({ locationId, areaId: id(v) })}
        />
      </FilterBox>
      <FilterBox>
        <Dropdown
          ariaLabel="Pod"
          items={itemsOf('All Pods', pods.data)}
          value={podId === undefined ? '' : String(podId)}
          disabled={areaId === undefined}
          onChange={(v) => onPlace({ locationId, areaId, podId: id(v) })}
        />
      </FilterBox>
    </Group>
  );
}

// Two filters share a row on a 360 px phone; wider, each keeps a fixed width.
function FilterBox({ children }: { children: ReactNode }) {
  return <div style={{ flex: '1 1 140px', maxWidth: 170, minWidth: 0 }}>{children}</div>;
}
