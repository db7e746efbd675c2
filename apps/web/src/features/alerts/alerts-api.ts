import type { AlertCard } from '@greenpod/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { useLiveNotifications } from '../../lib/live-readings';

export const ALERT_CARDS_KEY = ['alert-cards'] as const;
/**
 * The cards are fetched again at once when the live stream says a notification was delivered (a card just
 * changed its status), and this often besides (an acknowledgement made elsewhere, a status with no
 * notification).
 */
export const ALERT_REFRESH_MS = 30_000;

/** GET /api/alert-cards (docs/api.md#alert-cards): every card in the caller's scope, exceeded first. */
export const alertCardsQuery = () =>
  queryOptions({
    queryKey: ALERT_CARDS_KEY,
    queryFn: async ({ signal }) => (await apiRequest<{ data: AlertCard[] }>('/alert-cards', { signal })).data,
    refetchInterval: ALERT_REFRESH_MS,
  });

export function useAlertCards() {
  const queryClient = useQueryClient();
  useLiveNotifications(true, () => void queryClient.invalidateQueries({ queryKey: ALERT_CARDS_KEY }));
  return useQuery(alertCardsQuery());
}

const sameCard = (a: AlertCard, b: Pick<AlertCard, 'ruleId' | 'podId'>) => a.ruleId === b.ruleId && a.podId === b.podId;

/**
 * Acknowledges one exceeded card. The answer is the card as it now stands, which replaces it in the list at
 * once; a refusal (the episode ended meanwhile, say) fetches the list again so the card shows why.
 */
export function useAcknowledge(card: Pick<AlertCard, 'ruleId' | 'podId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await apiRequest<{ data: AlertCard }>(`/alert-cards/${card.ruleId}/${card.podId}/acknowledge`, {
          method: 'POST',
        })
      ).data,
    onSuccess: (updated) =>
      queryClient.setQueryData<AlertCard[]>(ALERT_CARDS_KEY, (cards) =>
        cards?.map((c) => (sameCard(c, updated) ? updated : c)),
      ),
    onError: () => queryClient.invalidateQueries({ queryKey: ALERT_CARDS_KEY }),
  });
}
