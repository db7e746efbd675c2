import { locationMarkersSchema } from '@greenpod/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/**
 * How often the markers are fetched again: a location's state follows its alert cards, which the alerts page
 * refreshes at this pace too.
 */
const MARKERS_REFRESH_MS = 30_000;

/** GET /api/location-markers (docs/api.md#location-markers): every location in scope, by title. */
export const locationMarkersQuery = () =>
  queryOptions({
    queryKey: ['location-markers'],
    queryFn: async ({ signal }) =>
      locationMarkersSchema.parse((await apiRequest<{ data: unknown }>('/location-markers', { signal })).data),
    refetchInterval: MARKERS_REFRESH_MS,
  });
