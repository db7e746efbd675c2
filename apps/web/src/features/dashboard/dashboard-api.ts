import type { DashboardCard, Weather } from '@greenpod/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import type { DashboardChartProps } from './chart/dashboard-chart-props';
import type { Place } from './dashboard-state';
import { windowQuery } from './filters/dashboard-window';

/** One stat-all card (docs/api.md#dashboards), as contracts' dashboardCardSchema answers it. */
export type Card = DashboardCard;
interface CardsAnswer {
  data: { results: Card[] };
  paging: { skip: number; limit: number; total: number };
}
export interface PlaceRow {
  id: number;
  title: string;
  locationId?: number;
  areaId?: number;
}

/** Every dashboard read starts with this key, so live readings refresh them with one call. */
export const DASHBOARD_KEY = ['dashboard'] as const;
export const CARDS_KEY = [...DASHBOARD_KEY, 'cards'] as const;

export interface CardsRequest {
  live: boolean;
  place: Place;
  window: DashboardChartProps['window'];
  tz: string;
  page: number;
  size: number;
}

export const cardsQuery = (r: CardsRequest) =>
  queryOptions({
    queryKey: [...CARDS_KEY, r] as const,
    queryFn: ({ signal }) =>
      apiRequest<CardsAnswer>(r.live ? '/stat-all/liveperformance' : '/stat-all', {
        signal,
        query: {
          ...windowQuery(r.window, r.tz),
          clientId: r.place.clientId,
          locationId: r.place.locationId,
          areaId: r.place.areaId,
          podId: r.place.podId,
          dataTableParams: JSON.stringify({ paging: r.size, offset: r.page }),
        },
      }),
    // A new window or page of the same place keeps its cards on screen until the answer replaces them
    // (no flicker); a new place shows skeletons, since the old cards would be of another level.
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[2];
      return before && samePlace(before.place, r.place) ? previous : undefined;
    },
  });

const samePlace = (a: Place, b: Place) =>
  a.clientId === b.clientId && a.locationId === b.locationId && a.areaId === b.areaId && a.podId === b.podId;

export const weatherQuery = (locationId: number) =>
  queryOptions({
    queryKey: [...DASHBOARD_KEY, 'weather', locationId] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: Weather | null }>('/weather', { signal, query: { locationId } })).data,
    // The server caches the weather for 30 minutes; asking more often would not change it.
    staleTime: 10 * 60_000,
    retry: false,
  });

type PlaceEntity = 'location' | 'area' | 'pod';

/** The client a shortcode link names (docs/api.md#dashboards); 404 when the viewer sees none of it. */
export const dashboardClientQuery = (groupShortcode: string, clientShortcode: string) =>
  queryOptions({
    queryKey: [...DASHBOARD_KEY, 'client', groupShortcode, clientShortcode] as const,
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: { id: number; title: string } }>(
          `/dashboard-client/${encodeURIComponent(groupShortcode)}/${encodeURIComponent(clientShortcode)}`,
          { signal },
        )
      ).data,
    staleTime: 5 * 60_000,
    retry: false,
  });

/** One place by id: its title for the heading and its parents for the filters; 404 outside the scope. */
export const placeQuery = (entity: PlaceEntity, id: number) =>
  queryOptions({
    queryKey: [...DASHBOARD_KEY, 'place', entity, id] as const,
    queryFn: async ({ signal }) => (await apiRequest<{ data: PlaceRow }>(`/${entity}/${id}`, { signal })).data,
    staleTime: 5 * 60_000,
  });
