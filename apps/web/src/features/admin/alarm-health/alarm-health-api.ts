import type { AlarmHealth } from '@greenpod/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/alarm-health (docs/api.md#alarm-health). */
export function useAlarmHealth(days: number, tz: string) {
  return useQuery({
    queryKey: ['alarm-health', days, tz],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: AlarmHealth }>('/alarm-health', { query: { days, tz }, signal })).data,
    refetchInterval: 60_000,
  });
}
