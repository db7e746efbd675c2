import { formatWireTime } from '@greenpod/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import type { Span } from './dashboard-chart-period';
import type { DashboardChartProps } from './dashboard-chart-props';
import type { GraphData } from './dashboard-chart-series';

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

export const graphQueryOptions = (r: GraphRequest) =>
  queryOptions({
    queryKey: ['graph', graphQuery(r), r.at],
    queryFn: ({ signal }) => fetchGraph(r, signal),
    // A new tab, filter or refresh keeps the drawn chart until the next data is in: no flash, no rebuild.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** One graph series set; `null` (a Date Range still missing a date, or comparing switched off) asks nothing. */
export function useGraph(r: GraphRequest | null) {
  return useQuery({
    ...graphQueryOptions(r ?? { place: {}, ask: { kind: 'span', span: { from: 0, to: 0 } }, timeZone: '', at: 0 }),
    enabled: r !== null,
  });
}
