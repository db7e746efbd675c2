import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/api-client';
import { type PlaceRow, placeQuery } from '../dashboard-api';
import type { Place } from '../dashboard-state';

export interface PlaceTitles {
  location?: PlaceRow;
  area?: PlaceRow;
  pod?: PlaceRow;
}

const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The chosen places' titles, for the heading and breadcrumb. A place the viewer may not see answers
 * 404: `onFix` gets its nearest visible parent and a message. A place under other parents than the
 * URL says (an area of another location) gets its real parents, silently.
 */
export function usePlace(place: Place, onFix: (place: Place, message: string | null) => void): PlaceTitles {
  const { locationId, areaId, podId } = place;
  const one = (entity: 'location' | 'area' | 'pod', id: number | undefined) => ({
    ...placeQuery(entity, id ?? 0),
    enabled: id !== undefined,
  });
  const location = useQuery(one('location', locationId));
  const area = useQuery(one('area', areaId));
  const pod = useQuery(one('pod', podId));

  useEffect(() => {
    if (isGone(location.error)) onFix({}, 'That location is not available to you: showing all locations.');
    else if (isGone(area.error))
      onFix({ locationId }, 'That area is not available to you: showing what you can see above it.');
    else if (isGone(pod.error)) onFix({ locationId, areaId }, 'That pod is not available to you: showing its area.');
    else if (area.data && area.data.locationId !== locationId)
      onFix({ locationId: area.data.locationId, areaId, podId }, null);
    else if (pod.data && (pod.data.areaId !== areaId || pod.data.locationId !== locationId))
      onFix({ locationId: pod.data.locationId, areaId: pod.data.areaId, podId }, null);
  }, [location.error, area.error, pod.error, area.data, pod.data, locationId, areaId, podId, onFix]);

  return {
    location: locationId === undefined ? undefined : location.data,
    area: areaId === undefined ? undefined : area.data,
    pod: podId === undefined ? undefined : pod.data,
  };
}
