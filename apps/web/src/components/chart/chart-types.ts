import type { AlignedColumns } from './align-series';

export type ChartKind = 'bar' | 'area';

/** One drawn series; `values` is its column in the chart's data, `hidden` keeps it off the canvas. */
export interface ChartSeriesSpec {
  label: string;
  /** The previous period: a dashed, lighter line whichever the kind. */
  dashed?: boolean;
  hidden?: boolean;
}

export interface TimeSeriesChartProps {
  /** x in seconds, then one column per series, as `alignSeries` builds them. */
  data: AlignedColumns;
  series: ChartSeriesSpec[];
  kind: ChartKind;
  /** IANA zone the axis and tooltip times are read in. */
  timeZone: string;
  /** Shown beside the value axis. */
  unit: string;
  /** The x axis span in seconds (the whole window, not only where points are). */
  range?: [number, number];
  formatValue(value: number): string;
  /** A short text naming the chart for screen readers. */
  label: string;
  height?: number;
}
