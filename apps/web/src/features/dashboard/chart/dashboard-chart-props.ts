import type { WindowMode } from '@greenpod/contracts';

/** What the dashboard hands its chart: the place, the window, the sensor and the chart's own toggles. */
export type ChartKind = 'bar' | 'area';

export interface DashboardChartProps {
  /** clientId narrows every read to one client's places: it comes from a shortcode link, never the query. */
  place: { clientId?: number; locationId?: number; areaId?: number; podId?: number };
  window: {
    mode: WindowMode;
    minutes?: number;
    /** yyyy-MM-dd, Date Range only. */
    from?: string;
    /** yyyy-MM-dd, Date Range only. */
    to?: string;
  };
  sensorType: string;
  kind: ChartKind;
  onKindChange(kind: ChartKind): void;
  comparePrevious: boolean;
  onComparePreviousChange(on: boolean): void;
  /** Bumps when live readings arrive, so a live chart fetches again. */
  liveVersion: number;
}
