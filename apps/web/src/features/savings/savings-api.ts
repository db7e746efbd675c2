import { type SavingSensorType, type SavingsWindow, savingsModelAnswer, savingsSummary } from '@greenpod/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { SAVINGS_PAGE_KEY } from '../../lib/query-client';

/** Every savings read of this page starts with this key. */
export const SAVINGS_KEY = SAVINGS_PAGE_KEY;

/** What the Savings page shows: a window, a place (each level optional) and the chart's sensor type. */
export interface SavingsRequest {
  window: SavingsWindow;
  locationId?: number;
  areaId?: number;
  podId?: number;
  sensorType: SavingSensorType;
}

/**
 * GET /api/savings/summary (docs/screens.md#savings): the cards and the chart of a window and place. The answer is
 * checked against contracts' savingsSummary, the shape both sides build on.
 */
export const savingsSummaryQuery = (r: SavingsRequest) =>
  queryOptions({
    queryKey: [...SAVINGS_KEY, 'summary', r] as const,
    queryFn: async ({ signal }) =>
      savingsSummary.parse(
        (
          await apiRequest<{ data: unknown }>('/savings/summary', {
            signal,
            query: {
              window: r.window,
              locationId: r.locationId,
              areaId: r.areaId,
              podId: r.podId,
              sensorType: r.sensorType,
            },
          })
        ).data,
      ),
    // Savings change once a period closes: a minute of freshness is plenty.
    staleTime: 60_000,
    // A new sensor type or window keeps the cards on screen until the answer replaces them (no flicker).
    placeholderData: keepPreviousData,
  });

export const useSavingsSummary = (r: SavingsRequest) => useQuery(savingsSummaryQuery(r));

/** GET /api/savings/model: the baseline model of one pod and sensor type, in words and figures. */
export const savingsModelQuery = (podId: number, sensorType: SavingSensorType) =>
  queryOptions({
    queryKey: [...SAVINGS_KEY, 'model', podId, sensorType] as const,
    queryFn: async ({ signal }) =>
      savingsModelAnswer.parse(
        (await apiRequest<{ data: unknown }>('/savings/model', { signal, query: { podId, sensorType } })).data,
      ),
    staleTime: 5 * 60_000,
    retry: false,
  });
