import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { TimeSeriesChartProps } from './chart-types';

export const CHART_HEIGHT = 400;

// uPlot (~50 KB) loads with the first chart, in a chunk of its own: pages without charts (sign-in,
// admin) never fetch it.
const UplotChart = lazy(() => import('./uplot-chart'));

/** The shape of a chart while it loads: a block as high as the chart. */
export function ChartSkeleton({ height = CHART_HEIGHT }: { height?: number }) {
  return <Skeleton height={height} radius="sm" role="status" aria-label="Loading chart" />;
}

/** A time-series chart (bars or area) drawn with uPlot on a canvas, as wide as its container. */
export function TimeSeriesChart(props: TimeSeriesChartProps) {
  const height = props.height ?? CHART_HEIGHT;
  return (
    <Suspense fallback={<ChartSkeleton height={height} />}>
      <UplotChart {...props} height={height} />
    </Suspense>
  );
}
