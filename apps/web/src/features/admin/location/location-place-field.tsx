import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { FormExtraProps } from '../form/form-extras';

// Leaflet and the picker load with the location form only, not with every admin page.
const LocationPlacePicker = lazy(() => import('./location-place-picker'));

/** The location form's Country, City, Latitude and Longitude, drawn by a map (FORM_EXTRAS). */
export function LocationPlaceField(props: FormExtraProps) {
  return (
    <Suspense
      fallback={
        <Center h={340} role="status" aria-label="Loading the map">
          <Loader />
        </Center>
      }
    >
      <LocationPlacePicker {...props} />
    </Suspense>
  );
}
