import { Alert, Button, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MAP_HEIGHT } from '../data-table/types';
import { LocationMarkerMap } from './location-marker-map';
import { locationMarkersQuery } from './location-markers-api';

/**
 * Map View of a list whose rows are locations (the admin Location list): those rows' markers, their states
 * read from GET /api/location-markers, in the rows' order.
 */
export function LocationRowsMap({ ids }: { ids: readonly number[] }) {
  const markers = useQuery(locationMarkersQuery());
  if (markers.isPending) return <Skeleton height={MAP_HEIGHT} role="status" aria-busy="true" aria-label="Loading" />;
  if (markers.isError) {
    return (
      <Alert color="red" variant="light" title="The map could not be loaded">
        <Button size="xs" variant="light" color="red" onClick={() => void markers.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const byId = new Map(markers.data.map((m) => [m.id, m]));
  const shown = ids.flatMap((id) => byId.get(id) ?? []);
  return <LocationMarkerMap locations={shown} />;
}
