import { type GeocodeResult, geocodeResultSchema } from '@greenpod/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const answer = z.array(geocodeResultSchema);

/** GET /api/map/geocode (docs/api.md#the-map): UK addresses, asked when the user presses Search. */
export function useGeocode() {
  return useMutation({
    mutationFn: async (q: string): Promise<GeocodeResult[]> =>
      answer.parse((await apiRequest<{ data: unknown }>('/map/geocode', { query: { q } })).data),
  });
}
