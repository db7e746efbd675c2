import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** GET /api/alarm-health (docs/api.md#alarm-health). */
export interface AlarmHealth {
  from: string;
  to: string;
  timeZone: string;
  total: number;
  perDay: { day: string; alerts: number; warnings: number; other: number }[];
  perTenMinutes: number;
  busiest: { start: string; count: number } | null;
  floods: { start: string; clientTitle: string; count: number }[];
  noisiestRules: { ruleId: number; title: string; podTitle: string; count: number }[];
  folded: number;
  verdict: 'manageable' | 'busy' | 'flooded';
}

export function useAlarmHealth(days: number, tz: string) {
  return useQuery({
    queryKey: ['alarm-health', days, tz],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: AlarmHealth }>('/alarm-health', { query: { days, tz }, signal })).data,
    refetchInterval: 60_000,
  });
}
