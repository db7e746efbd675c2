import { SENSOR_LABELS, SENSOR_TYPES, type SensorType } from '@greenpod/contracts';
import { Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Dropdown, type DropdownItem } from '../../../components/dropdown/dropdown';
import { choicesQuery, type PlaceRow } from '../dashboard-api';
import type { Place } from '../dashboard-state';

interface PlaceFiltersProps {
  place: Place;
  sensor: SensorType;
  onPlace(place: Place): void;
  onSensor(sensor: SensorType): void;
}

const SENSOR_ITEMS = SENSOR_TYPES.map((t) => ({ value: t, label: SENSOR_LABELS[t] }));
const WIDTH = 170;

const itemsOf = (all: string, rows: PlaceRow[] | undefined): DropdownItem[] => [
  { value: '', label: all },
  ...(rows ?? []).map((r) => ({ value: String(r.id), label: r.title })),
];

/**
 * "All Locations" / "All Areas" / "All Pods" and the sensor type. Each place filter waits for its
 * parent (docs/screens.md#dashboard), and choosing a parent clears what was chosen below it.
 */
export function PlaceFilters({ place, sensor, onPlace, onSensor }: PlaceFiltersProps) {
  const { clientId, locationId, areaId, podId } = place;
  const locations = useQuery(
    choicesQuery('location', clientId === undefined ? undefined : { key: 'clientId', id: clientId }),
  );
  const areas = useQuery({
    ...choicesQuery('area', { key: 'locationId', id: locationId ?? 0 }),
    enabled: locationId !== undefined,
  });
  const pods = useQuery({ ...choicesQuery('pod', { key: 'areaId', id: areaId ?? 0 }), enabled: areaId !== undefined });
  const id = (v: string) => (v === '' ? undefined : Number(v));
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
      <FilterBox>
        <Dropdown
          ariaLabel="Sensor type"
          items={SENSOR_ITEMS}
          value={sensor}
          onChange={(v) => onSensor(v as SensorType)}
        />
      </FilterBox>
    </Group>
  );
}

// Two filters share a row on a 360 px phone; wider, each keeps a fixed width.
function FilterBox({ children }: { children: React.ReactNode }) {
  return <div style={{ flex: `1 1 ${WIDTH - 30}px`, maxWidth: WIDTH, minWidth: 0 }}>{children}</div>;
}
