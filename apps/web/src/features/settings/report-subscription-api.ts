import type { ReportSubscription } from '@greenpod/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const REPORT_SUBSCRIPTIONS_KEY = ['report-subscriptions'] as const;

/** The subscriptions the server lists for the caller: their own (an administrator's list holds everyone's). */
export const reportSubscriptionsQuery = queryOptions({
  queryKey: REPORT_SUBSCRIPTIONS_KEY,
  queryFn: async ({ signal }) =>
    (await apiRequest<{ data: ReportSubscription[] }>('/report-subscription', { signal })).data,
});

export interface SubscriptionChange {
  location: { id: number; title: string };
  /** The user's own subscription to turn off, or null to turn one on. */
  current: ReportSubscription | null;
  userId: number;
}

/**
 * Turns a location's monthly report on or off, shown at once (optimistic); a failure puts the list back as it
 * was and calls `onFailed` (the caller's toast).
 */
export function useSubscriptionChange(onFailed: (change: SubscriptionChange, error: Error) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: SubscriptionChange) => {
      if (change.current) {
        await apiRequest(`/report-subscription/${change.current.id}`, { method: 'DELETE' });
      } else {
        await apiRequest('/report-subscription', { method: 'POST', body: { locationId: change.location.id } });
      }
    },
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey: REPORT_SUBSCRIPTIONS_KEY });
      const before = client.getQueryData<ReportSubscription[]>(REPORT_SUBSCRIPTIONS_KEY);
      client.setQueryData<ReportSubscription[]>(REPORT_SUBSCRIPTIONS_KEY, (list = []) =>
        change.current ? list.filter((s) => s.id !== change.current?.id) : [...list, pendingSubscription(change)],
      );
      return { before };
    },
    onError: (error, change, context) => {
      client.setQueryData(REPORT_SUBSCRIPTIONS_KEY, context?.before);
      onFailed(change, error);
    },
    // The server's list replaces the optimistic one (a new subscription's real id).
    onSettled: () => client.invalidateQueries({ queryKey: REPORT_SUBSCRIPTIONS_KEY }),
  });
}

/** A stand-in until the server answers: no id yet, so the switch waits for the real one before turning off. */
const pendingSubscription = ({ location, userId }: SubscriptionChange): ReportSubscription => ({
  id: 0,
  userId,
  locationId: location.id,
  locationTitle: location.title,
  clientTitle: '',
  created: new Date().toISOString(),
});
