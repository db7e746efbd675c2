import { type MapSettings, mapSettingsSchema } from '@greenpod/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** GET /api/map/settings (docs/api.md#the-map): they change only with the server's configuration. */
export const mapSettingsQuery = queryOptions({
  queryKey: ['map', 'settings'],
  queryFn: async ({ signal }): Promise<MapSettings> =>
    mapSettingsSchema.parse((await apiRequest<{ data: unknown }>('/map/settings', { signal })).data),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useMapSettings() {
  return useQuery(mapSettingsQuery);
}
