export interface DashboardChartProps {
  place: { locationId?: number; areaId?: number; podId?: number };
  window: {
    mode: 'live' | 'day' | 'week' | 'month' | 'year' | 'range';
    minutes?: number;
    from?: string;
    to?: string /* yyyy-MM-dd */;
  };
  sensorType: string;
  kind: 'bar' | 'area';
  onKindChange(kind: 'bar' | 'area'): void;
  comparePrevious: boolean;
  onComparePreviousChange(on: boolean): void;
  liveVersion: number; // bumps when live readings arrive
}
