import type { ScoreAnswer, ScoreLevel } from '@greenpod/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { DASHBOARD_KEY } from '../dashboard-api';

const PARAM: Record<ScoreLevel, string> = {
  client: 'clientId',
  location: 'locationId',
  area: 'areaId',
  pod: 'podId',
};

/** GET /api/score (docs/api.md#green-score): one scope's stored green score with its parts. */
export const scoreQuery = (level: ScoreLevel, id: number) =>
  queryOptions({
    queryKey: [...DASHBOARD_KEY, 'score', level, id] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: ScoreAnswer }>('/score', { signal, query: { [PARAM[level]]: id } })).data,
    // Scores are computed every 15 minutes: asking again sooner would not change them.
    staleTime: 5 * 60_000,
  });

/** The tips page for a part's sensor types (the tips page reads `tags`). */
export const tipsHref = (tags: readonly string[]) => `/tips?tags=${tags.map(encodeURIComponent).join(',')}`;
