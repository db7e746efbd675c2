import { Skeleton } from '@mantine/core';
import type { DashboardChartProps } from './dashboard-chart-props';

/** The dashboard's chart, 400 px high; its body is built apart from the page. */
export function DashboardChart(_props: DashboardChartProps) {
  return <Skeleton height={400} radius="md" aria-label="Chart" />;
}
