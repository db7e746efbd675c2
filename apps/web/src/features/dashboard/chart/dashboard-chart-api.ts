import { formatWireTime, type GraphData } from '@greenpod/contracts';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import type { Span } from './dashboard-chart-period';
import type { DashboardChartProps } from './dashboard-chart-props';

/** What GET /api/graph is asked: a tab (the server reads the window) or two wire times [from, to). */
export type GraphAsk = { kind: 'window'; window: DashboardChartProps['window'] } | { kind: 'span'; span: Span };

export interface GraphRequest {
  place: DashboardChartProps['place'];
  ask: GraphAsk;
  timeZone: string;
  /** When the request was made (whole seconds): a new one refreshes a window that ends now. */
  at: number;
}

/** The querystring of one graph request (docs/api.md#dashboards). */
export function graphQuery(r: GraphRequest): Record<string, string | number | undefined> {
  const { place, ask, timeZone } = r;
  const window =
    ask.kind === 'window'
      ? {
          mode: ask.window.mode,
          minutes: ask.window.mode === 'live' ? ask.window.minutes : undefined,
          fromValue: ask.window.mode === 'range' ? ask.window.from : undefined,
          toValue: ask.window.mode === 'range' ? ask.window.to : undefined,
        }
      : { fromValue: formatWireTime(new Date(ask.span.from)), toValue: formatWireTime(new Date(ask.span.to)) };
  return {
    ...window,
    tz: timeZone,
    clientId: place.clientId,
    locationId: place.locationId,
    areaId: place.areaId,
    podId: place.podId,
  };
}

export const fetchGraph = (r: GraphRequest, signal?: AbortSignal) =>
  apiRequest<{ data: GraphData }>('/graph', { query: graphQuery(r), signal }).then((res) => res.data);

/**
 * A Live window moves with every reading, so its instant is part of the key. Any other tab names a
 * window the server reads from the mode and zone ("this year"): one key for as long as the tab means the
 * same, so a tab prefetched or seen a moment ago draws from the cache, refreshed in the background.
 */
const keyInstant = (r: GraphRequest) => (r.ask.kind === 'window' && r.ask.window.mode === 'live' ? r.at : null);

export const graphQueryOptions = (r: GraphRequest) =>
  queryOptions({
    queryKey: ['graph', graphQuery(r), keyInstant(r)],
    queryFn: ({ signal }) => fetchGraph(r, signal),
    // A new tab, filter or refresh keeps the drawn chart until the next data is in: no flash, no rebuild.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** One graph series set; `null` (a Date Range still missing a date, or comparing switched off) asks nothing. */
export function useGraph(r: GraphRequest | null) {
  const live = r !== null && keyInstant(r) !== null;
  return useQuery({
    ...graphQueryOptions(r ?? { place: {}, ask: { kind: 'span', span: { from: 0, to: 0 } }, timeZone: '', at: 0 }),
    enabled: r !== null,
    // A Live chart refreshes as readings arrive (its key moves); the others once a minute while shown.
    refetchInterval: live ? false : 60_000,
  });
}

const PREFETCHED = ['day', 'week', 'month', 'year'] as const;

/**
 * Half a second after a place's first chart is drawn, fetches the other tabs' charts of that place one
 * after another, so a tab change draws at once (bench/web: click to chart within 300 ms at Year). Tab
 * changes do not start it again: a quick run through the tabs would otherwise never find one ready. Each
 * is asked at most every two minutes; graph answers carry every sensor type, so a sensor change needs
 * nothing new.
 */
export function usePrefetchTabs(place: GraphRequest['place'], timeZone: string, drawn: boolean) {
  const queryClient = useQueryClient();
  const placeKey = JSON.stringify(place);
  const [readyFor, setReadyFor] = useState<string | null>(null);
  const key = `${placeKey} ${timeZone}`;
  if (drawn && readyFor !== key) setReadyFor(key);
  useEffect(() => {
    if (readyFor !== key) return;
    let stopped = false;
    // After the first cards are in, which matter more. Not "when nothing is loading": on Live the cards
    // refetch every few readings, so that could wait for ever.
    const timer = setTimeout(async () => {
      for (const mode of PREFETCHED) {
        if (stopped) return;
        const request: GraphRequest = {
          place: JSON.parse(placeKey) as GraphRequest['place'],
          ask: { kind: 'window', window: { mode } },
          timeZone,
          at: Date.now(),
        };
        await queryClient.prefetchQuery({ ...graphQueryOptions(request), staleTime: 120_000 });
      }
    }, 500);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [readyFor, key, placeKey, timeZone, queryClient]);
}
