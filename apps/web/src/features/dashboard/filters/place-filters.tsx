import { SENSOR_LABELS, SENSOR_TYPES, type SensorType } from '@greenpod/contracts';
import { Dropdown } from '../../../components/dropdown/dropdown';
import { FilterBox, PlaceFilters as PlaceSelects } from '../../../components/place-filters/place-filters';
import type { Place } from '../dashboard-state';

interface PlaceFiltersProps {
  place: Place;
  sensor: SensorType;
  onPlace(place: Place): void;
  onSensor(sensor: SensorType): void;
}

const SENSOR_ITEMS = SENSOR_TYPES.map((t) => ({ value: t, label: SENSOR_LABELS[t] }));

/** The dashboard's place filters (docs/screens.md#dashboard) and, in the same row, its sensor type. */
export function PlaceFilters({ place, sensor, onPlace, onSensor }: PlaceFiltersProps) {
  return (
    <PlaceSelects place={place} onPlace={onPlace}>
      <FilterBox>
        <Dropdown
          ariaLabel="Sensor type"
          items={SENSOR_ITEMS}
          value={sensor}
          onChange={(v) => onSensor(v as SensorType)}
        />
      </FilterBox>
    </PlaceSelects>
  );
}
